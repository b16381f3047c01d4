import { useMemo } from 'react';
import { findFiles, type ApiProblem, type FoundFiles } from '../lib/api';
import { useFetched } from './use-fetched';

const DEBOUNCE_MS = 120;

export type FinderState = { query: string; found: FoundFiles | null; problem: ApiProblem | null };

const NONE: FinderState = { query: '', found: null, problem: null };

/**
 * Files whose name or path matches `query`, found by the server over its index (POST /vault/find).
 * While the next query is typed and asked, the last answer stays (its own `query` says which).
 */
export function useFileFinder(query: string, limit = 200): FinderState {
  const q = query.trim();
  const { key, fetched } = useFetched(q ? `${limit}:${q}` : null, (signal) => findFiles(q, limit, signal), { debounceMs: DEBOUNCE_MS });
  return useMemo(() => {
    if (!q || key === null) return NONE;
    const asked = key.slice(key.indexOf(':') + 1);
    if (fetched.status === 'ready') return { query: asked, found: fetched.value, problem: null };
    return fetched.status === 'error' ? { query: asked, found: null, problem: fetched.problem } : NONE;
  }, [q, key, fetched]);
}
