import { useCallback, useEffect, useState } from 'react';
import { getNoteHistory, restoreNote, type ApiProblem, type NoteVersion, type RestoreReport } from '../lib/api';

export type NoteHistoryState = { status: 'loading' } | { status: 'ready'; versions: NoteVersion[] } | { status: 'error'; problem: ApiProblem };

/** A note's versions, newest first, and restoring one of them (refetched after a restore or when `revision` moves). */
export function useNoteHistory(path: string, revision: number) {
  const [state, setState] = useState<NoteHistoryState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    getNoteHistory(path, controller.signal)
      .then((result) => setState(result.ok ? { status: 'ready', versions: result.value.versions } : { status: 'error', problem: result.problem }))
      .catch(() => undefined); // aborted: another path or a newer revision took over
    return () => controller.abort();
  }, [path, revision, attempt]);

  const restore = useCallback(
    async (commit: string): Promise<{ ok: true; report: RestoreReport } | { ok: false; message: string }> => {
      const result = await restoreNote(path, commit);
      if (!result.ok) return { ok: false, message: result.problem.message };
      reload();
      return { ok: true, report: result.value };
    },
    [path, reload],
  );

  return { state, reload, restore };
}
