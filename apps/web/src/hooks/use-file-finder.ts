import { useEffect, useState } from 'react';
import { findFiles, type ApiProblem, type FoundFiles } from '../lib/api';

const DEBOUNCE_MS = 120;

export type FinderState = { query: string; found: FoundFiles | null; problem: ApiProblem | null };

/** Files whose name or path matches `query`, found by the server over its index (GET /vault/find). */
export function useFileFinder(query: string, limit = 200): FinderState {
  const [state, setState] = useState<FinderState>({ query: '', found: null, problem: null });
  const q = query.trim();

  useEffect(() => {
    if (!q) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      findFiles(q, limit, controller.signal)
        .then((result) => setState(result.ok ? { query: q, found: result.value, problem: null } : { query: q, found: null, problem: result.problem }))
        .catch(() => undefined); // aborted: a newer query took over
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, limit]);

  return q ? state : { query: '', found: null, problem: null };
}
