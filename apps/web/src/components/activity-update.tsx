import { ArrowRight, AudioLines } from 'lucide-react';
import type { Transcriber } from '../hooks/use-transcriber';
import type { SentFile, UndoState } from '../lib/activity';
import type { UpdateHistory, UpdateStatus } from '../lib/api';
import { formatRoute } from '../lib/route';
import { AgentSteps } from './agent-steps';
import { CaptureOutcomes } from './capture-outcomes';
import { ErrorNotice } from './error-notice';
import { IndeterminateBar, ReplyBlock, UserMessage } from './exchange-parts';
import { FileChanges, type ChangedFile } from './file-changes';
import { RetryButton } from './retry-button';
import { RetryingNotice } from './retrying-notice';
import { StatusChip, type ChipState } from './status-chip';
import { StopButton } from './stop-button';
import { UndoControl } from './undo-control';

export type UpdateActions = {
  onRetry: (id: string) => Promise<string | null>;
  /** Stops a queued or running update; resolves to an error message or null. */
  onStop: (id: string) => Promise<string | null>;
  onUndo: (id: string) => void;
  onRedo: (id: string, undoCommit: string) => void;
};

type ActivityUpdateProps = {
  text: string;
  at: string;
  /** The link sent to be clipped, and the files sent. */
  link?: string | null | undefined;
  files: readonly SentFile[];
  /** The inbox item this update replies to, by its title when known. */
  replyTo?: string | undefined;
  /** Undefined while the update is still being handed to Knower. */
  record?: UpdateStatus;
  history?: UpdateHistory | undefined;
  undo?: UndoState | undefined;
  actions?: UpdateActions;
  /** Audio waiting for a transcriber is transcribed through it. */
  transcriber?: Transcriber | undefined;
};

/** An update sent to the vault and how the update agent got on with it, step by step. */
export function ActivityUpdate({ text, at, link, files: sent, replyTo, record, history, undo, actions, transcriber }: ActivityUpdateProps) {
  const state: ChipState = record?.status ?? 'sending';
  const files = changedFiles(record);
  // The run's own time: from when it started, not from when it was sent (it may have waited its turn).
  const took = record?.finished && record.started ? seconds(record.started, record.finished) : null;
  const steps = record?.steps ?? [];
  const running = state === 'running';
  const finished = state === 'done' || state === 'inbox';
  const stoppable = record && actions && (state === 'queued' || running);

  return (
    <article aria-label="Update" className="animate-rise">
      <UserMessage
        mode={replyTo ? 'answer' : 'update'}
        context={
          <>
            {replyTo && <span className="max-w-56 truncate">to “{replyTo}”</span>}
            {record?.retry_of && <span>retry</span>}
          </>
        }
        at={at}
        text={text}
        link={link}
        files={sent}
        subject={record?.transcribe ? <TranscriptionOf audio={record.transcribe.audio} /> : undefined}
      />
      <ReplyBlock
        header={
          <>
            <StatusChip state={state} />
            <span>{describe(state, files.length)}</span>
            {took !== null && <span className="tabular-nums">· {took}</span>}
            {stoppable && (
              <StopButton
                onStop={() => actions.onStop(record.id)}
                label={running ? 'Stop' : 'Cancel'}
                description={running ? 'Stop the agent now: what it changed so far is undone' : 'Take it out of the queue before it starts'}
              />
            )}
          </>
        }
      >
        {running && record?.retrying && <RetryingNotice retrying={record.retrying} />}
        {running && steps.length === 0 && !record?.retrying && <IndeterminateBar />}
        {(running || steps.length > 0) && <AgentSteps steps={steps} total={Math.max(record?.step_count ?? 0, steps.length)} running={running} waiting={Boolean(record?.retrying)} />}
        {state === 'failed' && record && (
          <ErrorNotice raw={record.error} fallback="The update agent gave up on this update.">
            <p className="mt-0.5 pl-6 text-muted">Nothing is lost: what you sent is kept{record.inbox_id ? ' in the inbox' : ''}, and Retry sends it again.</p>
            <div className="pl-6">
              {record.retried_by ? <p className="mt-1.5 text-xs text-muted">Sent again (see below).</p> : actions && <RetryButton onRetry={() => actions.onRetry(record.id)} />}
            </div>
          </ErrorNotice>
        )}
        {state === 'cancelled' && record && (
          <div className="mt-2 text-[13.5px] leading-relaxed text-fg">
            {record.summary && <p>{record.summary}</p>}
            <p className="mt-0.5 text-muted">What you sent is kept: Retry sends it again.</p>
            {record.retried_by ? <p className="mt-1.5 text-xs text-muted">Sent again (see below).</p> : actions && <RetryButton onRetry={() => actions.onRetry(record.id)} />}
          </div>
        )}
        {finished && record?.summary && <p className="mt-2 text-[13.5px] leading-relaxed whitespace-pre-line text-fg">{record.summary}</p>}
        {record?.captures && record.captures.length > 0 && (
          <CaptureOutcomes
            updateId={record.id}
            captures={record.captures}
            transcriber={transcriber}
            // A link that could not be captured is tried again (what this update filed is undone first).
            retryLink={finished && record.url && !record.retried_by && actions ? { url: record.url, onRetry: () => actions.onRetry(record.id) } : undefined}
          />
        )}
        {finished && record?.retried_by && record.captures?.some((c) => c.source === record.url && c.problem) && <p className="mt-1.5 text-xs text-muted">Sent again (see below).</p>}
        {(state === 'inbox' || state === 'failed') && record?.inbox_id && !record.retried_by && (
          <a href={formatRoute({ view: 'inbox', id: record.inbox_id })} className="mt-2 inline-flex items-center gap-1.5 text-[13px] font-medium text-answer hover:underline">
            {state === 'failed' ? 'See it in the inbox' : 'Open the inbox item'} <ArrowRight aria-hidden size={14} />
          </a>
        )}
        {record && files.length > 0 && state !== 'cancelled' && <FileChanges updateId={record.id} files={files} />}
        {record && finished && files.length > 0 && actions && <UndoControl updateId={record.id} undo={undo} history={history} onUndo={actions.onUndo} onRedo={actions.onRedo} />}
      </ReplyBlock>
    </article>
  );
}

const TranscriptionOf = ({ audio }: { audio: string }) => (
  <p className="mt-1 flex items-center gap-1.5 text-[14px] text-fg">
    <AudioLines aria-hidden size={14} className="shrink-0 text-muted" />
    <span className="min-w-0 [overflow-wrap:anywhere]">Transcribe {audio}</span>
  </p>
);

/** The record's changes with their kinds; records from before the history only list paths. */
function changedFiles(record: UpdateStatus | undefined): ChangedFile[] {
  if (!record) return [];
  if (record.changes) return record.changes.map((c) => ({ path: c.path, kind: c.kind, from: c.from }));
  return (record.files ?? []).map((path) => ({ path, kind: null }));
}

function describe(state: ChipState, fileCount: number): string {
  switch (state) {
    case 'sending':
      return 'Handing it to Knower…';
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
    case 'cancelled':
      return 'Stopped by you';
  }
}

function seconds(from: string, to: string): string | null {
  const ms = Date.parse(to) - Date.parse(from);
  if (!Number.isFinite(ms) || ms < 0) return null;
  return ms < 60_000 ? `${Math.max(1, Math.round(ms / 1000))} s` : `${Math.round(ms / 60_000)} min`;
}
