import { useCallback, useState } from 'react';
import { getNoteHistory, restoreNote, type ApiProblem, type NoteVersion, type RestoreReport } from '../lib/api';
import { fetchedFor, useFetched } from './use-fetched';

export type NoteHistoryState = { status: 'loading' } | { status: 'ready'; versions: NoteVersion[] } | { status: 'error'; problem: ApiProblem };

/** A note's versions, newest first, and restoring one of them (refetched after a restore or when `revision` moves). */
export function useNoteHistory(path: string, revision: number) {
  const held = useFetched(path, (signal) => getNoteHistory(path, signal), { refresh: revision });
  const { reload } = held;
  const fetched = fetchedFor(held, path);
  /** The version last restored from this view: its confirmation outlives the list's refreshes. */
  const [restored, setRestored] = useState<string | null>(null);

  // A refresh that fails keeps the versions already shown (the next change refreshes again).
  const shown = fetched.status === 'ready' ? fetched.value : fetched.status === 'error' ? fetched.last : undefined;
  const state: NoteHistoryState = shown ? { status: 'ready', versions: shown.versions } : fetched.status === 'error' ? { status: 'error', problem: fetched.problem } : { status: 'loading' };

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
