import { FileText, Info } from 'lucide-react';
import type { Question, SearchMode } from '../lib/api';
import { formatRoute } from '../lib/route';
import { basename, dirname } from '../lib/vault-path';
import { CopyButton } from './copy-button';
import { ErrorNotice } from './error-notice';
import { IndeterminateBar, ReplyBlock, UserMessage } from './exchange-parts';
import { MarkdownView } from './markdown-view';
import { RetryButton } from './retry-button';
import { RetryingNotice } from './retrying-notice';
import { StopButton } from './stop-button';

type ActivityQuestionProps = {
  query: string;
  mode: SearchMode;
  at: string;
  /** Undefined while the question is on its way. */
  record?: Question;
  /** The server's record while this tab still waits for the answer (its id, a retry under way). */
  pending?: Question | undefined;
  onRetry?: (id: string) => Promise<string | null>;
  onStop?: (id: string) => Promise<string | null>;
};

const INTERRUPTED = 'Knower stopped before the answer was ready. Ask again to get one.';
const CANCELLED = 'You stopped this question before the answer was ready.';

/** A question and the search agent's answer, with the vault files it used as sources. */
export function ActivityQuestion({ query, mode, at, record, pending, onRetry, onStop }: ActivityQuestionProps) {
  const state = record?.status ?? 'pending';
  const stopId = state === 'pending' ? (record?.id ?? pending?.id) : undefined;
  const retrying = state === 'pending' ? (record?.retrying ?? pending?.retrying) : undefined;
  const askAgain = record?.retried_by ? (
    <p className="mt-1.5 text-xs text-muted">Asked again (see below).</p>
  ) : (
    record && onRetry && <RetryButton onRetry={() => onRetry(record.id)} label="Ask again" busyLabel="Asking again…" />
  );
  const answer = record?.answer;
  return (
    <article aria-label="Question" className="animate-rise">
      <UserMessage
        mode="search"
        context={
          <>
            {mode === 'deep' && <span className="rounded border border-line px-1 text-[10.5px] font-medium uppercase">deep</span>}
            {record?.retry_of && <span>asked again</span>}
          </>
        }
        at={at}
        text={query}
      />
      <ReplyBlock
        header={
          state === 'pending' ? (
            <>
              <span className="font-medium text-fg/90">Searching your vault…</span>
              {stopId && onStop && <StopButton onStop={() => onStop(stopId)} label="Stop" description="Stop the search agent: no answer is written" />}
            </>
          ) : state === 'failed' ? (
            record?.error_code === 'cancelled' ? (
              <span className="font-medium text-fg/90">Stopped</span>
            ) : (
              <span className="font-medium text-danger">No answer</span>
            )
          ) : (
            <>
              <span className="font-medium text-fg/90">Knower</span>
              {answer?.offline && <span className="rounded border border-line px-1.5 text-[11px] font-medium text-muted">Offline answer</span>}
            </>
          )
        }
      >
        {state === 'pending' && (retrying ? <RetryingNotice retrying={retrying} /> : <IndeterminateBar />)}
        {state === 'failed' &&
          record &&
          (record.error_code === 'cancelled' ? (
            // Stopped on purpose: said plainly, not as an error.
            <div className="mt-1.5 text-[13px] text-muted">
              <p>{CANCELLED}</p>
              {askAgain}
            </div>
          ) : (
            <ErrorNotice raw={record.error_code === 'interrupted' ? INTERRUPTED : record.error} fallback="The search agent could not answer.">
              <div className="pl-6">{askAgain}</div>
            </ErrorNotice>
          ))}
        {answer && (
          <div className="mt-2 rounded-xl border border-line bg-raised px-5 py-4 shadow-card">
            {answer.degraded && (
              <p className="mb-3 flex items-start gap-2 text-xs text-muted">
                <Info aria-hidden size={14} className="mt-px shrink-0 text-answer" />
                Deep search was unavailable{typeof answer.degraded === 'string' ? ` (${answer.degraded})` : ''}; this answer uses fast search.
              </p>
            )}
            <div className="float-right -mt-2 -mr-3 ml-2">
              <CopyButton text={() => answer.markdown} label="Copy the answer" />
            </div>
            <MarkdownView source={answer.markdown} basePath="" compact linkPaths />
            {answer.sources.length > 0 && <Sources paths={answer.sources} />}
          </div>
        )}
      </ReplyBlock>
    </article>
  );
}

function Sources({ paths }: { paths: readonly string[] }) {
  return (
    <div className="mt-4 border-t border-line pt-3">
      <h3 className="mb-1.5 text-[11px] font-semibold tracking-wider text-muted uppercase">Sources</h3>
      <ul className="flex flex-wrap gap-1.5">
        {paths.map((path) => (
          <li key={path}>
            <a
              href={formatRoute({ view: 'file', path })}
              title={path}
              className="inline-flex max-w-72 items-center gap-1.5 rounded-md border border-line bg-sunken px-2 py-1 text-xs text-fg/85 transition-colors hover:border-accent/40 hover:text-accent"
            >
              <FileText aria-hidden size={13} className="shrink-0" />
              <span className="truncate">{basename(path)}</span>
              {dirname(path) && <span className="truncate text-muted">{dirname(path)}</span>}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
