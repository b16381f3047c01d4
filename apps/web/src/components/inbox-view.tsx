import { ArrowLeft, ArrowRight, CheckCheck, Inbox as InboxIcon, MousePointerClick } from 'lucide-react';
import type { InboxRef } from '../lib/activity';
import type { ApiProblem, InboxSummary, UpdateStatus, VaultLayout } from '../lib/api';
import { formatRoute } from '../lib/route';
import { EmptyState } from './empty-state';
import { InboxList } from './inbox-list';
import { InboxReview } from './inbox-review';
import { buttonClass } from './ui/button';

type InboxViewProps = {
  items: readonly InboxSummary[] | null;
  /** Where the vault keeps the inbox (from /health): tells an item's review from its attachments. */
  layout: VaultLayout | null;
  problem: ApiProblem | null;
  selectedId: string | undefined;
  answeringId: string | undefined;
  replies: ReadonlyMap<string, UpdateStatus | undefined>;
  /** Narrow screens: the list, or the chosen item with a way back, not both side by side. */
  stacked: boolean;
  onSelect: (id: string | undefined) => void;
  onReply: (item: InboxRef) => void;
};

/** Items the update agent could not place: pick one, read its reasoning, reply. */
export function InboxView({ items, layout, problem, selectedId, answeringId, replies, stacked, onSelect, onReply }: InboxViewProps) {
  const selectedExists = items?.some((item) => item.id === selectedId) ?? false;
  const showList = !stacked || !selectedId;
  const showItem = !stacked || Boolean(selectedId);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <header className="flex h-12 shrink-0 items-center gap-3 border-b border-line px-4 md:px-6">
        {stacked && selectedId ? (
          <button
            type="button"
            onClick={() => onSelect(undefined)}
            className="-ml-1.5 inline-flex h-9 items-center gap-1.5 rounded-md px-1.5 text-[13px] font-medium text-muted hover:bg-hover hover:text-fg"
          >
            <ArrowLeft size={15} /> All items
          </button>
        ) : (
          <h1 className="text-[13px] font-medium">Inbox</h1>
        )}
        {items && <span className="text-xs text-muted">{items.length === 0 ? 'Nothing pending' : `${items.length} pending`}</span>}
      </header>
      {problem && (!items || items.length === 0) ? (
        <EmptyState icon={<InboxIcon size={20} />} title="Couldn't load the inbox" body={problem.message} />
      ) : !items ? null : items.length === 0 && !selectedId ? (
        <EmptyState icon={<CheckCheck size={20} />} title="Inbox zero" body="When the update agent can't decide where something belongs, it asks you here — with its full reasoning." />
      ) : (
        <div className="flex min-h-0 flex-1">
          {showList && <InboxList items={items} selectedId={selectedId} replies={replies} stacked={stacked} onSelect={onSelect} />}
          {showItem && (
            <div className="min-w-0 flex-1 overflow-y-auto" tabIndex={0} role="region" aria-label="Inbox item">
              {selectedId && selectedExists ? (
                <InboxReview
                  key={selectedId}
                  id={selectedId}
                  layout={layout}
                  answering={answeringId === selectedId}
                  reply={replies.has(selectedId) ? { status: replies.get(selectedId) } : null}
                  onReply={onReply}
                />
              ) : selectedId ? (
                <EmptyState icon={<CheckCheck size={20} />} title="No longer in the inbox" body="This item was resolved: its reply was carried out and filed into the vault.">
                  <a href={formatRoute({ view: 'activity' })} className={buttonClass('secondary', 'sm')}>
                    See what changed <ArrowRight size={13} />
                  </a>
                </EmptyState>
              ) : (
                <EmptyState icon={<MousePointerClick size={20} />} title="Pick an item" body="Read why the agent stopped, then reply to tell it where things go." />
              )}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
