import { getNote, type ApiProblem, type Note } from '../lib/api';
import { fetchedFor, useFetched } from './use-fetched';

export type NoteState =
  | { status: 'loading' }
  | { status: 'ready'; note: Note; reloadedAt?: number }
  /** `wasShown`: the note was on screen before this error (it went away, rather than never was). */
  | { status: 'error'; problem: ApiProblem; wasShown?: boolean };

/**
 * One note, refetched whenever `revision` moves (the file changed on disk, the service came
 * back) or `retry` is called. While it reloads the previous content stays on screen, so a live
 * edit does not flash a spinner; a different file reads as loading, never as the previous note.
 */
export function useNote(path: string, revision: number): NoteState & { retry: () => void } {
  const held = useFetched(path, (signal) => getNote(path, signal), { refresh: revision });
  const state = fetchedFor(held, path);
  const retry = held.reload;
  if (state.status === 'ready') return { status: 'ready', note: state.value, ...(state.reloaded ? { reloadedAt: state.at } : {}), retry };
  if (state.status === 'error') return { status: 'error', problem: state.problem, wasShown: state.last !== undefined, retry };
  return { status: 'loading', retry };
}
