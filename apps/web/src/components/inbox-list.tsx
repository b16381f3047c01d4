import { AlertCircle } from 'lucide-react';
import type { InboxSummary, UpdateStatus } from '../lib/api';
import { cn } from '../lib/cn';
import { formatRelative } from '../lib/format';
import { humanError } from '../lib/human-error';
import { Spinner } from './ui/spinner';

type InboxListProps = {
  items: readonly InboxSummary[];
  selectedId: string | undefined;
  replies: ReadonlyMap<string, UpdateStatus | undefined>;
  stacked: boolean;
  onSelect: (id: string) => void;
};

/** A failed update's summary is the raw error: say what happened instead. */
const summaryOf = (item: InboxSummary) =>
  item.failed ? `${humanError(item.summary?.replace(/^Update \S+ failed: /, ''), 'The update could not be filed.').headline} Everything you sent is kept here.` : item.summary;

export function InboxList({ items, selectedId, replies, stacked, onSelect }: InboxListProps) {
  return (
    <ul aria-label="Pending items" tabIndex={-1} className={cn('shrink-0 space-y-0.5 overflow-y-auto p-2', stacked ? 'w-full' : 'w-80 border-r border-line')}>
      {items.length === 0 && <li className="px-3 py-2.5 text-[13px] text-muted">Nothing else is waiting for you.</li>}
      {items.map((item) => {
        const replying = replies.has(item.id) && replies.get(item.id)?.status !== 'failed';
        const selected = item.id === selectedId;
        return (
          <li key={item.id}>
            <button
              type="button"
              onClick={() => onSelect(item.id)}
              aria-current={selected ? 'true' : undefined}
              className={cn('w-full rounded-lg px-3 py-2.5 text-left transition-colors', selected ? 'bg-selected' : 'hover:bg-hover')}
            >
              <span className="flex items-start gap-2">
                {!replying && !item.failed && <span aria-hidden className="mt-[7px] size-1.5 shrink-0 rounded-full bg-answer" />}
                {item.failed && <AlertCircle aria-label="failed update" size={14} className="mt-[3px] shrink-0 text-danger" />}
                {replying && <Spinner className="mt-[3px] size-3 shrink-0 text-answer" />}
                <span className="line-clamp-2 text-[13px] leading-snug font-medium">{item.title}</span>
              </span>
              {item.summary && <span className="mt-1 line-clamp-2 pl-3.5 text-[12.5px] leading-snug text-muted">{summaryOf(item)}</span>}
              <span className="mt-1.5 flex items-center gap-2 pl-3.5 text-[11.5px] text-muted">
                {replying ? 'Reply being carried out' : item.created ? formatRelative(item.created) : null}
                {item.failed && <span className="font-medium text-danger">Failed update</span>}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
