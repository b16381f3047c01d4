import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { activityReducer, emptyActivity, isFinished, type InboxRef } from '../lib/activity';
import {
  cancelQuestion,
  cancelUpdate,
  getActivity,
  getUpdate,
  postSearch,
  postUpdate,
  retryQuestion as postQuestionRetry,
  retryUpdate as postUpdateRetry,
  undoCommit,
  undoUpdate,
  type HistoryUpdated,
  type Question,
  type SearchMode,
  type UpdateStatus,
  type UpdateStepEvent,
} from '../lib/api';
import { declaredKind } from '../lib/attachments';
import { makeId } from '../lib/ids';

export type SendUpdate = { text: string; url?: string; files: readonly File[]; inboxRef?: InboxRef; idempotencyKey: string };

/** Activity from the server: a page at a time, kept current by the stream, with what this tab sends. */
export function useActivity() {
  const [state, dispatch] = useReducer(activityReducer, emptyActivity);
  const [problem, setProblem] = useState<string | null>(null);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const latest = useRef(state);
  useLayoutEffect(() => {
    latest.current = state;
  });

  const loadFirst = useCallback(async () => {
    const result = await getActivity();
    if (!result.ok) return setProblem(result.problem.message);
    setProblem(null);
    // The first page says nothing about older ones once they are loaded: keep their cursor.
    const keepCursor = latest.current.cursor !== undefined;
    dispatch({ type: 'page/loaded', items: result.value.items, ...(keepCursor ? {} : { cursor: result.value.next_cursor ?? null }) });
  }, []);

  useEffect(() => {
    // State is set after the fetch resolves, not during the effect (a known false report of the rule).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void loadFirst();
  }, [loadFirst]);

  const loadEarlier = useCallback(async () => {
    const { cursor } = latest.current;
    if (!cursor) return;
    setLoadingEarlier(true);
    const result = await getActivity(cursor);
    setLoadingEarlier(false);
    if (!result.ok) return setProblem(result.problem.message);
    dispatch({ type: 'page/loaded', items: result.value.items, cursor: result.value.next_cursor ?? null });
  }, []);

  const onUpdateStatus = useCallback((status: UpdateStatus) => dispatch({ type: 'update/status', status }), []);
  const onUpdateStep = useCallback((event: UpdateStepEvent) => dispatch({ type: 'update/step', id: event.id, step: event.step }), []);
  const onQuestionStatus = useCallback((question: Question) => dispatch({ type: 'question/status', question }), []);
  const onHistoryUpdated = useCallback(
    (event: HistoryUpdated) => {
      if (event.kind === 'update' && event.update_id) dispatch({ type: 'history/commit', updateId: event.update_id, commit: event.commit });
      // An undo made elsewhere (CLI, another tab): the listing says which update it reversed.
      if (event.kind === 'undo') void loadFirst();
    },
    [loadFirst],
  );

  /** Resolves to an error message, or null once the server has accepted the update. */
  const sendUpdate = useCallback(async ({ text, url, files, inboxRef, idempotencyKey }: SendUpdate): Promise<string | null> => {
    const key = makeId();
    const listed = files.map((file) => ({ name: file.name, kind: declaredKind(file), size: file.size }));
    dispatch({ type: 'update/sending', send: { kind: 'update', key, text, files: listed, at: new Date().toISOString(), ...(url ? { url } : {}), ...(inboxRef ? { inboxRef } : {}) } });
    const result = await postUpdate({ text, files, idempotencyKey, ...(url ? { url } : {}), ...(inboxRef ? { inboxRef: inboxRef.id } : {}) });
    if (result.ok) {
      dispatch({ type: 'update/accepted', key, id: result.value.id });
      return null;
    }
    // Refused: it leaves the log, and the chat input keeps the draft with the error beside it.
    dispatch({ type: 'local/settled', key });
    return result.problem.message;
  }, []);

  /** Resolves to an error for the chat input, or null once the question is kept (answered or failed). */
  const ask = useCallback(async (query: string, mode: SearchMode): Promise<string | null> => {
    const key = makeId();
    const at = new Date().toISOString();
    dispatch({ type: 'question/asking', send: { kind: 'question', key, query, mode, at } });
    const result = await postSearch({ query, mode });
    const id = result.ok ? result.value.question_id : result.problem.questionId;
    if (id) {
      const question: Question = result.ok
        ? { id, query, mode, status: 'answered', created: at, answer: result.value }
        : { id, query, mode, status: 'failed', created: at, error: result.problem.message, error_code: result.problem.code };
      dispatch({ type: 'question/status', question });
    }
    dispatch({ type: 'local/settled', key });
    return result.ok || id ? null : result.problem.message;
  }, []);

  const retryUpdate = useCallback(async (id: string): Promise<string | null> => {
    const result = await postUpdateRetry(id);
    if (!result.ok) return result.problem.message;
    const failed = latest.current.updates[id];
    if (failed) dispatch({ type: 'update/status', status: { ...failed, retried_by: result.value.id } });
    if (!latest.current.updates[result.value.id] && failed) {
      dispatch({ type: 'update/status', status: { id: result.value.id, status: 'queued', text: failed.text ?? '', created: new Date().toISOString(), retry_of: id } });
    }
    return null;
  }, []);

  const retryQuestion = useCallback(async (id: string): Promise<string | null> => {
    const failed = latest.current.questions[id];
    const result = await postQuestionRetry(id);
    const newId = result.ok ? result.value.question_id : result.problem.questionId;
    if (!newId || !failed) return result.ok ? null : result.problem.message;
    dispatch({ type: 'question/status', question: { ...failed, retried_by: newId } });
    const base = { id: newId, query: failed.query, mode: failed.mode, created: new Date().toISOString(), retry_of: id };
    dispatch({ type: 'question/status', question: result.ok ? { ...base, status: 'answered', answer: result.value } : { ...base, status: 'failed', error: result.problem.message } });
    return null;
  }, []);

  /** Stops a queued or running update; the stream brings its new state. */
  const stopUpdate = useCallback(async (id: string): Promise<string | null> => {
    const result = await cancelUpdate(id);
    if (!result.ok) return result.problem.message;
    dispatch({ type: 'update/status', status: result.value });
    return null;
  }, []);

  /** Stops a question being answered; its POST /search then ends as stopped. */
  const stopQuestion = useCallback(async (id: string): Promise<string | null> => {
    const result = await cancelQuestion(id);
    if (!result.ok) return result.problem.message;
    dispatch({ type: 'question/status', question: result.value });
    return null;
  }, []);

  const undo = useCallback(async (id: string) => {
    dispatch({ type: 'undo', id, undo: { state: 'working' } });
    const result = await undoUpdate(id);
    dispatch({ type: 'undo', id, undo: result.ok ? { state: 'done', report: result.value } : { state: 'failed', message: result.problem.message } });
    const known = latest.current.history[id];
    const undoneBy = result.ok ? result.value.commit : null;
    // An update already undone elsewhere (the CLI, another tab) names the undo that stands: known already, or new here.
    if (known && undoneBy) {
      dispatch({ type: 'history/set', updateId: id, history: { ...known, undone: true, undone_by: known.undone_by.includes(undoneBy) ? known.undone_by : [...known.undone_by, undoneBy] } });
    }
  }, []);

  /** Puts back what an undo reverted (undoes the undo's commit). */
  const redo = useCallback(async (id: string, undoCommitId: string) => {
    const before = latest.current.undos[id];
    const report = before && 'report' in before ? before.report : undefined;
    dispatch({ type: 'undo', id, undo: { state: 'redoing' } });
    const result = await undoCommit(undoCommitId);
    if (result.ok) {
      dispatch({ type: 'undo', id, undo: { state: 'redone', report: result.value } });
      const known = latest.current.history[id];
      if (known) dispatch({ type: 'history/set', updateId: id, history: { ...known, undone: false } });
    } else dispatch({ type: 'undo', id, undo: { state: 'failed', message: result.problem.message, ...(report ? { report } : {}) } });
  }, []);

  /** After the stream was down: the first page again, and every unfinished update known here. */
  const resync = useCallback(() => {
    void loadFirst();
    for (const record of Object.values(latest.current.updates)) {
      if (isFinished(record.status)) continue;
      void getUpdate(record.id).then((result) => {
        if (result.ok) dispatch({ type: 'update/status', status: result.value });
      });
    }
  }, [loadFirst]);

  return {
    state,
    problem,
    loadingEarlier,
    loadEarlier,
    onUpdateStatus,
    onUpdateStep,
    onQuestionStatus,
    onHistoryUpdated,
    sendUpdate,
    ask,
    retryUpdate,
    retryQuestion,
    stopUpdate,
    stopQuestion,
    undo,
    redo,
    resync,
  };
}
