import { AlertCircle, Check, CircleSlash, Clock, Inbox, Loader2 } from 'lucide-react';
import type { UpdateState } from '../lib/api';
import { cn } from '../lib/cn';

export type ChipState = UpdateState | 'sending';

const chips: Record<ChipState, { label: string; icon: typeof Check; className: string; spin?: boolean }> = {
  sending: { label: 'Sending', icon: Loader2, className: 'text-muted bg-hover', spin: true },
  queued: { label: 'Queued', icon: Clock, className: 'text-muted bg-hover' },
  running: { label: 'Working', icon: Loader2, className: 'text-accent bg-accent/10', spin: true },
  done: { label: 'Done', icon: Check, className: 'text-success bg-success/10' },
  // The label in the text colour on the amber tint (amber text reached only 4.39:1 there).
  inbox: { label: 'Sent to inbox', icon: Inbox, className: 'text-fg bg-answer/12 [&>svg]:text-answer' },
  failed: { label: 'Failed', icon: AlertCircle, className: 'text-danger bg-danger/10' },
  cancelled: { label: 'Stopped', icon: CircleSlash, className: 'text-muted bg-hover' },
};

/** Where an update stands, as the user reads it: queued → working → done / sent to inbox / failed / stopped. */
export function StatusChip({ state }: { state: ChipState }) {
  const { label, icon: Icon, className, spin } = chips[state];
  return (
    <span className={cn('inline-flex h-6 items-center gap-1.5 rounded-full px-2.5 text-xs font-medium', className)}>
      <Icon aria-hidden size={13} className={cn(spin && 'animate-spin')} strokeWidth={2.25} />
      {label}
    </span>
  );
}
