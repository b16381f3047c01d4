import { useCallback, useEffect, useState } from 'react';
import { getNote, type ApiProblem, type Note } from '../lib/api';

export type NoteState =
  | { status: 'loading' }
  | { status: 'ready'; note: Note; reloadedAt?: number }
  /** `wasShown`: the note was on screen before this error (it went away, rather than never was). */
  | { status: 'error'; problem: ApiProblem; wasShown?: boolean };

/**
 * One note, refetched whenever `revision` moves (the file changed on disk, the service came
 * back) or `retry` is called. While it reloads the previous content stays on screen, so a live
 * edit does not flash a spinner.
 */
export function useNote(path: string, revision: number): NoteState & { retry: () => void } {
  const [state, setState] = useState<NoteState & { path?: string }>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    getNote(path, controller.signal)
      .then((result) => {
        if (!result.ok)
          return setState((prev) => ({
            status: 'error',
            problem: result.problem,
            path,
            wasShown: prev.path === path && (prev.status === 'ready' || (prev.status === 'error' && prev.wasShown === true)),
          }));
        setState((prev) => {
          const reload = prev.path === path && prev.status === 'ready';
          return { status: 'ready', note: result.value, path, ...(reload ? { reloadedAt: Date.now() } : {}) };
        });
      })
      .catch(() => undefined); // aborted: a newer path or revision took over
    return () => controller.abort();
  }, [path, revision, attempt]);

  // A different file than the one loaded: show loading rather than the previous note.
  if (state.status !== 'loading' && state.path !== path) return { status: 'loading', retry };
  return { ...state, retry };
}
