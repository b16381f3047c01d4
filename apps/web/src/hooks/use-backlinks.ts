import { useEffect, useState } from 'react';
import { getBacklinks, type ApiProblem, type Backlinks } from '../lib/api';

export type BacklinksState = { status: 'loading' } | { status: 'ready'; found: Backlinks } | { status: 'error'; problem: ApiProblem };

/** The notes linking to `path`, asked again when `revision` moves (the note or the vault changed). */
export function useBacklinks(path: string, revision: number): BacklinksState {
  const [state, setState] = useState<BacklinksState & { path?: string }>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    getBacklinks(path, controller.signal)
      .then((result) => setState(result.ok ? { status: 'ready', found: result.value, path } : { status: 'error', problem: result.problem, path }))
      .catch(() => undefined); // aborted: another note took over
    return () => controller.abort();
  }, [path, revision]);
  return state.path === path ? state : { status: 'loading' };
}
