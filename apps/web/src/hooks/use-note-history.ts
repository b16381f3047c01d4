import { useCallback, useEffect, useState } from 'react';
import { getNoteHistory, restoreNote, type ApiProblem, type NoteVersion, type RestoreReport } from '../lib/api';

export type NoteHistoryState = { status: 'loading' } | { status: 'ready'; versions: NoteVersion[] } | { status: 'error'; problem: ApiProblem };

/** A note's versions, newest first, and restoring one of them (refetched after a restore or when `revision` moves). */
export function useNoteHistory(path: string, revision: number) {
  const [state, setState] = useState<NoteHistoryState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  /** The version last restored from this view: its confirmation outlives the list's refreshes. */
  const [restored, setRestored] = useState<string | null>(null);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    getNoteHistory(path, controller.signal)
      // A refresh that fails keeps the versions already shown (the next change refreshes again).
      .then((result) => setState((prev) => (result.ok ? { status: 'ready', versions: result.value.versions } : prev.status === 'ready' ? prev : { status: 'error', problem: result.problem })))
      .catch(() => undefined); // aborted: another path or a newer revision took over
    return () => controller.abort();
  }, [path, revision, attempt]);

  const restore = useCallback(
    async (commit: string): Promise<{ ok: true; report: RestoreReport } | { ok: false; message: string }> => {
      const result = await restoreNote(path, commit);
      if (!result.ok) return { ok: false, message: result.problem.message };
      setRestored(commit);
      reload();
      return { ok: true, report: result.value };
    },
    [path, reload],
  );

  return { state, restored, reload, restore };
}
