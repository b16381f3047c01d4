import { Activity, HelpCircle, Inbox, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import type { StreamState } from '../hooks/use-event-stream';
import { cn } from '../lib/cn';
import { Spinner } from './ui/spinner';
import { IconButton } from './ui/icon-button';
import { Tooltip } from './ui/tooltip';

export type SidebarProps = {
  view: 'activity' | 'inbox' | 'file';
  working: number;
  inboxCount: number;
  stream: StreamState;
  offline: boolean;
  /** The model that answers, e.g. "openai · llama3.1:8b", and what is wrong with it, if anything. */
  provider: { label: string; problem: string | null } | null;
  onActivity: () => void;
  onInbox: () => void;
  onHelp: () => void;
  onFind: () => void;
  /** The vault section (tree, filter, …). */
  children: ReactNode;
};

/** The sidebar's content; the app puts it in a resizable column (wide) or a drawer (narrow). */
export function Sidebar({ view, working, inboxCount, stream, offline, provider, onActivity, onInbox, onHelp, onFind, children }: SidebarProps) {
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex h-12 shrink-0 items-center gap-2.5 px-4">
        <Logo />
        <span className="text-[14px] font-semibold tracking-tight">Knower</span>
        <span className="ml-auto" />
        <IconButton label="Find a note" shortcut="Ctrl K" tooltipSide="bottom" onClick={onFind}>
          <Search size={16} />
        </IconButton>
        <IconButton label="Keyboard shortcuts" shortcut="?" tooltipSide="bottom" onClick={onHelp}>
          <HelpCircle size={16} />
        </IconButton>
      </div>

      <nav aria-label="Views" className="px-2 pb-2">
        <NavButton active={view === 'activity'} onClick={onActivity} icon={<Activity size={15} />} label="Activity" shortcut="Alt A">
          {working > 0 && (
            <span className="ml-auto flex items-center gap-1.5 text-xs text-accent">
              <Spinner className="size-3" />
              {working}
            </span>
          )}
        </NavButton>
      </nav>

      {children}

      <div className="border-t border-line p-2">
        <NavButton active={view === 'inbox'} onClick={onInbox} icon={<Inbox size={15} />} label="Inbox" shortcut="Alt I">
          {inboxCount > 0 && <InboxBadge count={inboxCount} />}
        </NavButton>
        <div className="mt-1.5 flex items-center gap-2 px-2.5 text-xs text-muted">
          <ConnectionDot stream={stream} />
          {offline && (
            <Tooltip content="No API key is set: updates are filed into bucket/ as they are, and answers quote the best-matching passages.">
              <span tabIndex={0} className="ml-auto rounded border border-line px-1.5 py-px text-[11px] font-medium text-muted">
                Offline mode
              </span>
            </Tooltip>
          )}
          {!offline && provider && (
            <Tooltip content={provider.problem ?? `The agents run on ${provider.label}.`}>
              <span
                tabIndex={0}
                aria-label={`Model: ${provider.label}${provider.problem ? ' (problem)' : ''}`}
                className={cn('ml-auto truncate rounded border px-1.5 py-px text-[11px] font-medium', provider.problem ? 'border-danger text-danger' : 'border-line text-muted')}
              >
                {provider.label}
              </span>
            </Tooltip>
          )}
        </div>
      </div>
    </div>
  );
}

export const InboxBadge = ({ count }: { count: number }) => (
  <span aria-label={`${count} pending`} className="ml-auto min-w-5 rounded-full bg-answer px-1.5 text-center text-[11px] leading-5 font-semibold text-on-answer tabular-nums">
    {count > 99 ? '99+' : count}
  </span>
);

type NavButtonProps = { active: boolean; onClick: () => void; icon: ReactNode; label: string; shortcut: string; children?: ReactNode };

function NavButton({ active, onClick, icon, label, shortcut, children }: NavButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-current={active ? 'page' : undefined}
      aria-keyshortcuts={shortcut.replace(' ', '+')}
      className={cn(
        'flex h-11 w-full items-center gap-2.5 rounded-md px-2.5 text-[13px] font-medium transition-colors md:h-8',
        active ? 'bg-selected text-fg' : 'text-muted hover:bg-hover hover:text-fg',
      )}
    >
      <span className={active ? 'text-accent' : 'text-muted'}>{icon}</span>
      {label}
      {children}
    </button>
  );
}

/** "Live" or "Reconnecting…"; `compact` keeps only the dot on screen (the words stay for screen readers). */
export function ConnectionDot({ stream, compact = false }: { stream: StreamState; compact?: boolean }) {
  const live = stream === 'live';
  return (
    <span role="status" className="flex items-center gap-1.5">
      <span aria-hidden className={cn('size-1.5 rounded-full', live ? 'bg-success' : 'animate-pulse bg-answer')} />
      <span className={cn(compact && 'sr-only')}>{live ? 'Live' : stream === 'connecting' ? 'Connecting…' : 'Reconnecting…'}</span>
    </span>
  );
}

export const Logo = () => (
  <svg aria-hidden width="22" height="22" viewBox="0 0 32 32">
    <rect width="32" height="32" rx="8" className="fill-accent" />
    <path d="M11 8v16M11 16l9-8M14 13.5 21 24" stroke="white" strokeWidth="2.6" fill="none" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
