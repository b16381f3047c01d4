import { useCallback, useEffect, useReducer } from 'react';
import { activityReducer, isFinished, type InboxRef } from '../lib/activity';
import { loadActivity, saveActivity } from '../lib/activity-storage';
import { getUpdate, postSearch, postUpdate, type SearchMode, type UpdateStatus } from '../lib/api';
import { makeId } from '../lib/ids';

const storage = () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

export type SendUpdate = { text: string; images: readonly File[]; inboxRef?: InboxRef; idempotencyKey: string };

/** This session's exchanges and the actions that create them. */
export function useActivity() {
  const [state, dispatch] = useReducer(activityReducer, undefined, () => loadActivity(storage()));

  useEffect(() => saveActivity(storage(), state), [state]);

  const onUpdateStatus = useCallback((status: UpdateStatus) => dispatch({ type: 'update/status', status }), []);

  /** Resolves to an error message, or null once the server has accepted the update. */
  const sendUpdate = useCallback(async ({ text, images, inboxRef, idempotencyKey }: SendUpdate): Promise<string | null> => {
    const key = makeId();
    dispatch({ type: 'update/sending', key, text, imageCount: images.length, ...(inboxRef ? { inboxRef } : {}), at: new Date().toISOString() });
    const result = await postUpdate({ text, images, idempotencyKey, ...(inboxRef ? { inboxRef: inboxRef.id } : {}) });
    if (result.ok) {
      dispatch({ type: 'update/accepted', key, id: result.value.id });
      return null;
    }
    dispatch({ type: 'update/rejected', key });
    return result.problem.message;
  }, []);

  const ask = useCallback(async (query: string, mode: SearchMode): Promise<string | null> => {
    const key = makeId();
    dispatch({ type: 'question/asked', key, query, mode, at: new Date().toISOString() });
    const result = await postSearch({ query, mode });
    if (result.ok) {
      dispatch({ type: 'question/answered', key, answer: result.value });
      return null;
    }
    dispatch({ type: 'question/failed', key });
    return result.problem.message;
  }, []);

  /** After the stream was down: ask the server where each unfinished update stands. */
  const resync = useCallback(() => {
    const open = state.exchanges.flatMap((e) =>
      e.kind === 'update' && e.id && !isFinished(state.statuses[e.id]?.status) ? [e.id] : [],
    );
    for (const id of open) {
      void getUpdate(id).then((result) => {
        if (result.ok) dispatch({ type: 'update/status', status: result.value });
      });
    }
  }, [state]);

  const clear = useCallback(() => dispatch({ type: 'clear' }), []);

  return { state, onUpdateStatus, sendUpdate, ask, resync, clear };
}
