import { FileText, Reply } from 'lucide-react';
import { useInboxItem } from '../hooks/use-inbox-item';
import type { InboxRef } from '../lib/activity';
import { rawUrl, type UpdateStatus, type VaultLayout } from '../lib/api';
import { formatDateTime } from '../lib/format';
import { humanError } from '../lib/human-error';
import { itemFiles } from '../lib/inbox-paths';
import { stripTitleHeading } from '../lib/markdown-text';
import { formatRoute } from '../lib/route';
import { basename, isImagePath } from '../lib/vault-path';
import { EmptyState } from './empty-state';
import { ErrorNotice } from './error-notice';
import { IndeterminateBar } from './exchange-parts';
import { useLightbox } from './image-lightbox';
import { MarkdownView } from './markdown-view';
import { StatusChip } from './status-chip';
import { Button } from './ui/button';

type InboxReviewProps = {
  id: string;
  layout: VaultLayout | null;
  answering: boolean;
  /** Set while a reply to this item is queued or running (or failed). */
  reply: { status: UpdateStatus | undefined } | null;
  onReply: (item: InboxRef) => void;
};

/** One inbox item: the agent's review.md, its attachments and the Reply action. */
export function InboxReview({ id, layout, answering, reply, onReply }: InboxReviewProps) {
  const state = useInboxItem(id);
  const lightbox = useLightbox();

  if (state.status === 'loading') return <div role="status" aria-label="Loading the item" className="mx-auto mt-10 h-6 w-1/3 animate-pulse rounded bg-hover" />;
  if (state.status === 'error') return <EmptyState icon={<FileText size={20} />} title="Couldn't open this item" body={state.problem.message} />;

  const { item } = state;
  const created = typeof item.review.frontmatter.created === 'string' ? item.review.frontmatter.created : undefined;
  const { review, attachments } = itemFiles(item.files, layout);
  const images = attachments.filter(isImagePath);
  const others = attachments.filter((path) => !isImagePath(path));
  const replyState = reply?.status?.status;
  // An update whose retries ran out is parked here: it is a failure to explain, not a question.
  const failed = item.review.frontmatter.status === 'failed';
  const failure = typeof item.review.frontmatter.summary === 'string' ? item.review.frontmatter.summary.replace(/^Update \S+ failed: /, '') : undefined;

  return (
    <article aria-label={item.title} className="mx-auto max-w-[760px] px-4 pt-6 pb-16 md:px-10 md:pt-8">
      <header className="mb-6 flex flex-wrap items-start gap-4">
        <div className="min-w-0 flex-1 basis-64">
          <p className={failed ? 'mb-1 text-xs font-medium text-danger' : 'mb-1 text-xs font-medium text-answer'}>{failed ? 'Could not be filed' : 'Needs your decision'}</p>
          <h2 className="text-xl leading-snug font-semibold tracking-tight">{item.title}</h2>
          {created && <p className="mt-1 text-xs text-muted">{formatDateTime(created)}</p>}
        </div>
        <Button
          variant="answer"
          onClick={() => onReply({ id: item.id, title: item.title })}
          disabled={answering || (reply !== null && replyState !== 'failed')}
          aria-keyshortcuts="r"
          title="Reply (R)"
        >
          <Reply size={14} /> {answering ? 'Answering…' : 'Reply'}
        </Button>
      </header>
      {failed && (
        <div className="-mt-2 mb-6">
          <ErrorNotice raw={failure} fallback="The update could not be filed.">
            <p className="mt-1 pl-6 text-muted">Everything you sent is kept below. Reply to have Knower file it again, with your reply as instructions.</p>
          </ErrorNotice>
        </div>
      )}

      {reply && (
        <div role="status" className="mb-6 rounded-lg border border-line bg-sunken/70 px-4 py-3 text-[13px]">
          <div className="flex items-center gap-2">
            <StatusChip state={replyState ?? 'queued'} />
            <span className="text-muted">
              {replyState === 'failed'
                ? humanError(reply.status?.error, 'Your reply could not be carried out.').headline
                : 'Your reply is being carried out; the item leaves the inbox when it is done.'}
            </span>
          </div>
          {replyState === 'running' && <IndeterminateBar />}
        </div>
      )}

      <MarkdownView source={stripTitleHeading(item.review.body, item.title)} basePath={review ?? item.files[0] ?? ''} linkPaths />

      {attachments.length > 0 && (
        <section aria-label="Attachments" className="mt-8 border-t border-line pt-5">
          <h3 className="mb-3 text-[11px] font-semibold tracking-wider text-muted uppercase">With this item</h3>
          {images.length > 0 && (
            <ul className="mb-3 flex flex-wrap gap-2">
              {images.map((path) => (
                <li key={path}>
                  <button
                    type="button"
                    aria-label={`Enlarge ${basename(path)}`}
                    onClick={() => lightbox.open({ src: rawUrl(path), alt: basename(path), download: basename(path) })}
                    className="block size-24 cursor-zoom-in overflow-hidden rounded-lg border border-line bg-sunken"
                  >
                    <img src={rawUrl(path)} alt={basename(path)} loading="lazy" className="size-full object-cover" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <ul className="space-y-0.5">
            {others.map((path) => (
              <li key={path}>
                <a href={formatRoute({ view: 'file', path })} className="-ml-1.5 inline-flex items-center gap-2 rounded-md px-1.5 py-0.5 text-[13px] text-fg/85 hover:bg-hover">
                  <FileText aria-hidden size={14} className="text-faint" />
                  {basename(path)}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
