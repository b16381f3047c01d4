import { useEffect, useState } from 'react';
import { findFiles, searchVault, type ApiProblem, type SearchHits, type TreeEntry } from '../lib/api';

export type PaletteResults = { query: string; names: TreeEntry[]; hits: SearchHits['results']; partial: boolean; problem: ApiProblem | null; searching: boolean };

const empty: PaletteResults = { query: '', names: [], hits: [], partial: false, problem: null, searching: false };

/** Notes by name (GET /vault/find) and by content (GET /vault/search, with snippets) for the palette. */
export function usePaletteResults(query: string): PaletteResults {
  const q = query.trim();
  const [state, setState] = useState<PaletteResults>(empty);

  useEffect(() => {
    if (!q) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState((prev) => ({ ...prev, searching: true }));
      void Promise.all([findFiles(q, 8, controller.signal), searchVault(q, 8, controller.signal)])
        .then(([names, hits]) =>
          setState({
            query: q,
            names: names.ok ? names.value.results : [],
            hits: hits.ok ? hits.value.results : [],
            partial: hits.ok && hits.value.partial === true,
            problem: names.ok ? (hits.ok ? null : hits.problem) : names.problem,
            searching: false,
          }),
        )
        .catch(() => undefined); // aborted: a newer query took over
    }, 120);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q]);

  return q ? state : empty;
}
