import { Activity, HelpCircle, Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import type { StreamState } from '../hooks/use-event-stream';
import { cn } from '../lib/cn';
import { Spinner } from './ui/spinner';
import { IconButton } from './ui/icon-button';
import { Tooltip } from './ui/tooltip';

type SidebarProps = {
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
  /** The vault section (tree, filter, …). */
  children: ReactNode;
};

export function Sidebar({ view, working, inboxCount, stream, offline, provider, onActivity, onInbox, onHelp, children }: SidebarProps) {
  return (
    <aside aria-label="Sidebar" className="flex w-[272px] shrink-0 flex-col border-r border-line bg-sidebar">
      <div className="flex h-12 items-center gap-2.5 px-4">
        <Logo />
        <span className="text-[14px] font-semibold tracking-tight">Knower</span>
        <span className="ml-auto" />
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
          {inboxCount > 0 && (
            <span
              aria-label={`${inboxCount} pending`}
              className="ml-auto min-w-5 rounded-full bg-answer px-1.5 text-center text-[11px] leading-5 font-semibold text-white tabular-nums"
            >
              {inboxCount > 99 ? '99+' : inboxCount}
            </span>
          )}
        </NavButton>
        <div className="mt-1.5 flex items-center gap-2 px-2.5 text-xs text-faint">
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
    </aside>
  );
}

type NavButtonProps = { active: boolean; onClick: () => void; icon: ReactNode; label: string; shortcut: string; children?: ReactNode };

function NavButton({ active, onClick, icon, label, shortcut, children }: NavButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-current={active ? 'page' : undefined}
      aria-keyshortcuts={shortcut.replace(' ', '+')}
      className={cn(
        'flex h-8 w-full items-center gap-2.5 rounded-md px-2.5 text-[13px] font-medium transition-colors',
        active ? 'bg-selected text-fg' : 'text-muted hover:bg-hover hover:text-fg',
      )}
    >
      <span className={active ? 'text-accent' : 'text-faint'}>{icon}</span>
      {label}
      {children}
    </button>
  );
}

function ConnectionDot({ stream }: { stream: StreamState }) {
  const live = stream === 'live';
  return (
    <span role="status" className="flex items-center gap-1.5">
      <span className={cn('size-1.5 rounded-full', live ? 'bg-success' : 'animate-pulse bg-answer')} />
      {live ? 'Live' : stream === 'connecting' ? 'Connecting…' : 'Reconnecting…'}
    </span>
  );
}

const Logo = () => (
  <svg aria-hidden width="22" height="22" viewBox="0 0 32 32">
    <rect width="32" height="32" rx="8" className="fill-accent" />
    <path d="M11 8v16M11 16l9-8M14 13.5 21 24" stroke="white" strokeWidth="2.6" fill="none" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
