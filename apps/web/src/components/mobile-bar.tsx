import { Inbox, Menu, Search } from 'lucide-react';
import type { StreamState } from '../hooks/use-event-stream';
import { ConnectionDot, InboxBadge, Logo } from './sidebar';

type MobileBarProps = { inboxCount: number; stream: StreamState; onMenu: () => void; onFind: () => void; onInbox: () => void };

/** Narrow screens: the one bar above the view, with the drawer, the quick switcher and the inbox. */
export function MobileBar({ inboxCount, stream, onMenu, onFind, onInbox }: MobileBarProps) {
  return (
    <div className="flex h-12 shrink-0 items-center gap-1 border-b border-line bg-sidebar px-1.5">
      <button type="button" aria-label="Open the sidebar" onClick={onMenu} className="flex size-11 items-center justify-center rounded-md text-muted hover:bg-hover">
        <Menu size={19} />
      </button>
      <Logo />
      {/* The view names itself in its own header (the file view's name is its h1). */}
      <span className="ml-1.5 text-[14px] font-semibold tracking-tight">Knower</span>
      <span className="ml-1.5">
        <ConnectionDot stream={stream} compact />
      </span>
      <span className="ml-auto" />
      <button type="button" aria-label="Find a note" onClick={onFind} className="flex size-11 items-center justify-center rounded-md text-muted hover:bg-hover">
        <Search size={18} />
      </button>
      <button type="button" onClick={onInbox} className="flex h-11 min-w-11 items-center justify-center gap-1 rounded-md px-2 text-muted hover:bg-hover">
        <Inbox aria-hidden size={18} />
        <span className="sr-only">Inbox</span>
        {inboxCount > 0 && <InboxBadge count={inboxCount} />}
      </button>
    </div>
  );
}
