import { getBacklinks, type ApiProblem, type Backlinks } from '../lib/api';
import { fetchedFor, useFetched } from './use-fetched';

export type BacklinksState = { status: 'loading' } | { status: 'ready'; found: Backlinks } | { status: 'error'; problem: ApiProblem };

/** The notes linking to `path`, asked again when `revision` moves (the note or the vault changed). */
export function useBacklinks(path: string, revision: number): BacklinksState {
  const state = fetchedFor(
    useFetched(path, (signal) => getBacklinks(path, signal), { refresh: revision }),
    path,
  );
  if (state.status === 'ready') return { status: 'ready', found: state.value };
  return state.status === 'error' ? { status: 'error', problem: state.problem } : state;
}
