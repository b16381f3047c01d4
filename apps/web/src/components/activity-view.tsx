import { ChevronUp, CloudOff, MessagesSquare, Search, Sparkles } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import type { ComposerMode } from '../hooks/use-composer-mode';
import { useTranscriber, type Transcriber } from '../hooks/use-transcriber';
import { entriesOf, pendingQuestion, transcriptionKey, type ActivityState, type Entry } from '../lib/activity';
import { ActivityQuestion } from './activity-question';
import { ActivityUpdate, type UpdateActions } from './activity-update';
import { EmptyState } from './empty-state';
import { ErrorNotice } from './error-notice';
import { Button } from './ui/button';
import { Spinner } from './ui/spinner';

type ActivityViewProps = {
  activity: ActivityState;
  /** Why the activity could not be loaded, if so. */
  problem: string | null;
  loadingEarlier: boolean;
  onLoadEarlier: () => void;
  /** Titles of inbox items, by id (replies show which item they answer). */
  inboxTitles: ReadonlyMap<string, string>;
  updateActions: UpdateActions;
  onRetryQuestion: (id: string) => Promise<string | null>;
  onStopQuestion: (id: string) => Promise<string | null>;
  onSuggest: (mode: ComposerMode, text: string) => void;
};

const suggestions: Array<{ mode: ComposerMode; text: string; icon: typeof Sparkles }> = [
  { mode: 'update', text: 'Met Anna from Acme today: she wants the Q3 proposal by Friday.', icon: Sparkles },
  { mode: 'search', text: 'What did I decide about the Berlin trip?', icon: Search },
];

/** Every update and question, from the server, oldest first, following the newest one. */
export function ActivityView({ activity, problem, loadingEarlier, onLoadEarlier, inboxTitles, updateActions, onRetryQuestion, onStopQuestion, onSuggest }: ActivityViewProps) {
  const bottom = useRef<HTMLDivElement>(null);
  const entries = useMemo(() => entriesOf(activity), [activity]);
  const transcriber = useTranscriber(useMemo(() => transcriptionKey(activity), [activity]));
  const last = entries.at(-1);
  const lastState = last?.kind === 'sending' ? 'sending' : last ? `${last.record.status}:${last.kind === 'update' ? (last.record.step_count ?? 0) : ''}` : '';

  // Keep the newest entry in view as it arrives and as it progresses (not when older pages load).
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [last?.key, lastState]);

  const loaded = activity.cursor !== undefined;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <header className="flex h-12 shrink-0 items-center gap-3 border-b border-line px-4 md:px-6">
        <h1 className="text-[13px] font-medium">Activity</h1>
        <span className="text-xs text-muted">Updates and questions</span>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto" role="log" aria-label="Activity" aria-live="polite" tabIndex={0}>
        {problem && (
          <div className="mx-auto max-w-[760px] px-4 pt-4 md:px-8">
            <ErrorNotice raw={`Activity could not be loaded: ${problem}`} />
          </div>
        )}
        {entries.length === 0 ? (
          !loaded && problem ? (
            // Nothing could be loaded (the service is down, or this is the offline shell): not an empty vault.
            <EmptyState
              icon={<CloudOff size={20} />}
              title="Knower is not reachable"
              body="Your activity could not be loaded. Knower keeps everything; it shows again as soon as the service answers."
            />
          ) : loaded ? (
            <EmptyState
              icon={<MessagesSquare size={20} />}
              title="Tell Knower what you know"
              body="Updates are filed into your vault by the update agent; you'll see each step it takes and the files it touched. Questions are answered from what you deposited, with sources."
            >
              <div className="flex flex-col items-stretch gap-2">
                {suggestions.map(({ mode, text, icon: Icon }) => (
                  <button
                    key={text}
                    type="button"
                    onClick={() => onSuggest(mode, text)}
                    className="flex items-center gap-2.5 rounded-lg border border-line bg-raised px-3 py-2 text-left text-[13px] text-muted shadow-sm transition-colors hover:border-line-strong hover:text-fg"
                  >
                    <Icon aria-hidden size={14} className={mode === 'update' ? 'text-update' : 'text-search'} />
                    {text}
                  </button>
                ))}
              </div>
            </EmptyState>
          ) : (
            <p role="status" className="flex items-center justify-center gap-2 py-10 text-[13px] text-muted">
              <Spinner /> Loading activity…
            </p>
          )
        ) : (
          <div className="mx-auto max-w-[760px] space-y-9 px-4 py-6 md:px-8 md:py-8">
            {typeof activity.cursor === 'string' && (
              <div className="flex justify-center">
                <Button size="sm" variant="ghost" onClick={onLoadEarlier} disabled={loadingEarlier}>
                  {loadingEarlier ? <Spinner /> : <ChevronUp aria-hidden size={14} />} Show earlier activity
                </Button>
              </div>
            )}
            {entries.map((entry) => (
              <EntryView
                key={entry.key}
                entry={entry}
                activity={activity}
                inboxTitles={inboxTitles}
                updateActions={updateActions}
                transcriber={transcriber}
                onRetryQuestion={onRetryQuestion}
                onStopQuestion={onStopQuestion}
              />
            ))}
            <div ref={bottom} />
          </div>
        )}
      </div>
    </div>
  );
}

type EntryViewProps = Pick<ActivityViewProps, 'activity' | 'inboxTitles' | 'updateActions' | 'onRetryQuestion' | 'onStopQuestion'> & { entry: Entry; transcriber: Transcriber };

function EntryView({ entry, activity, inboxTitles, updateActions, transcriber, onRetryQuestion, onStopQuestion }: EntryViewProps) {
  const titleOf = (id: string | null | undefined) => (id ? (inboxTitles.get(id) ?? activity.refTitles[id] ?? `inbox item ${id}`) : undefined);
  if (entry.kind === 'sending') {
    const { send } = entry;
    return send.kind === 'update' ? (
      <ActivityUpdate text={send.text} at={send.at} link={send.url} files={send.files} replyTo={send.inboxRef?.title} />
    ) : (
      <ActivityQuestion query={send.query} mode={send.mode} at={send.at} pending={pendingQuestion(activity, send.query)} onStop={onStopQuestion} />
    );
  }
  if (entry.kind === 'question') {
    const { record } = entry;
    return <ActivityQuestion query={record.query} mode={record.mode} at={record.created} record={record} onRetry={onRetryQuestion} onStop={onStopQuestion} />;
  }
  const { record } = entry;
  return (
    <ActivityUpdate
      text={record.text ?? ''}
      at={record.created}
      link={record.url}
      files={record.attachments ?? []}
      replyTo={titleOf(record.inbox_ref)}
      record={record}
      history={activity.history[record.id]}
      undo={activity.undos[record.id]}
      actions={updateActions}
      transcriber={transcriber}
    />
  );
}
