import { useMemo } from 'react';
import { findFiles, searchVault, type ApiProblem, type Result, type SearchHits, type TreeEntry } from '../lib/api';
import { useFetched } from './use-fetched';

export type PaletteResults = { query: string; names: TreeEntry[]; hits: SearchHits['results']; partial: boolean; problem: ApiProblem | null; searching: boolean };

const empty: PaletteResults = { query: '', names: [], hits: [], partial: false, problem: null, searching: false };

type Found = Omit<PaletteResults, 'query' | 'searching'>;

/** Both lookups as one answer: each side's results when it answered, the first problem either had. */
async function lookUp(q: string, signal: AbortSignal): Promise<Result<Found>> {
  const [names, hits] = await Promise.all([findFiles(q, 8, signal), searchVault(q, 8, signal)]);
  const problem = names.ok ? (hits.ok ? null : hits.problem) : names.problem;
  return { ok: true, value: { names: names.ok ? names.value.results : [], hits: hits.ok ? hits.value.results : [], partial: hits.ok && hits.value.partial === true, problem } };
}

/**
 * Notes by name (POST /vault/find) and by content (POST /vault/search, with snippets) for the
 * palette. The last query's results stay while the next is typed and asked (`query` says which
 * they are for, `searching` that newer ones are coming).
 */
export function usePaletteResults(query: string): PaletteResults {
  const q = query.trim();
  const { key, fetched } = useFetched(q || null, (signal) => lookUp(q, signal), { debounceMs: 120 });
  // One object per answer and query: the palette puts its cursor back on the first result when it changes.
  return useMemo(() => {
    if (!q || key === null || fetched.status !== 'ready') return q ? { ...empty, searching: true } : empty;
    return { query: key, ...fetched.value, searching: key !== q };
  }, [q, key, fetched]);
}
