import { ArrowRight, FileText, ImageIcon } from 'lucide-react';
import type { UpdateExchange } from '../lib/activity';
import type { UpdateStatus } from '../lib/api';
import { formatRoute } from '../lib/route';
import { isImagePath } from '../lib/vault-path';
import { ErrorNotice } from './error-notice';
import { IndeterminateBar, ReplyBlock, UserMessage } from './exchange-parts';
import { chipStateOf, StatusChip } from './status-chip';

type ActivityUpdateProps = { exchange: UpdateExchange; status: UpdateStatus | undefined };

/** An update sent to the vault and how the update agent is getting on with it. */
export function ActivityUpdate({ exchange, status }: ActivityUpdateProps) {
  const state = chipStateOf(exchange, status?.status);
  const files = status?.files ?? [];
  const took = status?.finished ? seconds(status.created, status.finished) : null;

  return (
    <article aria-label="Update" className="animate-rise">
      <UserMessage
        mode={exchange.inboxRef ? 'answer' : 'update'}
        author={exchange.origin === 'elsewhere' ? 'Another client' : 'You'}
        context={exchange.inboxRef && <span className="max-w-56 truncate">to “{exchange.inboxRef.title}”</span>}
        at={exchange.at}
        text={exchange.text}
        imageCount={exchange.imageCount}
      />
      <ReplyBlock
        header={
          <>
            <StatusChip state={state} />
            <span>{describe(state, files.length)}</span>
            {took !== null && <span className="tabular-nums">· {took}</span>}
          </>
        }
      >
        {state === 'running' && <IndeterminateBar />}
        {(state === 'rejected' || state === 'failed') && (
          <ErrorNotice raw={exchange.error ?? status?.error} fallback="The update agent gave up on this update.">
            {state === 'failed' && <p className="mt-0.5 pl-6 text-muted">Nothing is lost: what you sent is kept in the inbox.</p>}
          </ErrorNotice>
        )}
        {state === 'done' && status?.summary && <p className="mt-2 text-[13.5px] leading-relaxed text-fg">{status.summary}</p>}
        {(state === 'inbox' || state === 'failed') && status?.inbox_id && (
          <a href={formatRoute({ view: 'inbox', id: status.inbox_id })} className="mt-2 inline-flex items-center gap-1.5 text-[13px] font-medium text-answer hover:underline">
            {state === 'failed' ? 'See it in the inbox' : 'Open the inbox item'} <ArrowRight size={14} />
          </a>
        )}
        {files.length > 0 && (
          <ul aria-label="Files changed" className="mt-2 space-y-0.5">
            {files.map((path) => {
              const Icon = isImagePath(path) ? ImageIcon : FileText;
              return (
              <li key={path}>
                <a href={formatRoute({ view: 'file', path })} className="group inline-flex max-w-full items-center gap-2 rounded-md px-1.5 py-0.5 -ml-1.5 text-[13px] text-fg/85 hover:bg-hover">
                  <Icon aria-hidden size={14} className="shrink-0 text-muted group-hover:text-accent" />
                  <span className="truncate font-mono text-[12.5px]">{path}</span>
                </a>
              </li>
              );
            })}
          </ul>
        )}
      </ReplyBlock>
    </article>
  );
}

function describe(state: ReturnType<typeof chipStateOf>, fileCount: number): string {
  switch (state) {
    case 'sending':
      return 'Handing it to Knower…';
    case 'rejected':
      return 'Knower never confirmed it';
    case 'queued':
      return 'Waiting for the update agent';
    case 'running':
      return 'The update agent is filing it';
    case 'done':
      return fileCount === 0 ? 'Nothing needed to change' : `${fileCount} file${fileCount === 1 ? '' : 's'} changed`;
    case 'inbox':
      return 'The agent needs your decision';
    case 'failed':
      return 'Could not be filed';
  }
}

function seconds(from: string, to: string): string | null {
  const ms = Date.parse(to) - Date.parse(from);
  if (!Number.isFinite(ms) || ms < 0) return null;
  return ms < 60_000 ? `${Math.max(1, Math.round(ms / 1000))} s` : `${Math.round(ms / 60_000)} min`;
}
