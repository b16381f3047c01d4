/** The worst-case queries (worst-case-queries.ts) against the service: how long each takes, and whether any was stopped. */
import type { SearchResult } from '../src/search/index.js';
import { getJson } from './service.js';
import { summarize, timed, type Summary } from './stats.js';
import { WORST_CASES } from './worst-case-queries.js';
import { benchSearchable, type SearchableFigures, type WriteTarget } from './write-bench.js';

export interface WorstCaseFigures {
  perQuery: { name: string; ms: Summary; hits: number; degraded?: string }[];
  /** The slowest of all runs. */
  maxMs: number;
}

const worstCaseUrl = (query: string) => `/vault/search?q=${encodeURIComponent(query)}&limit=10`;

export async function benchWorstCases(base: string, reps: number): Promise<WorstCaseFigures> {
  const perQuery: WorstCaseFigures['perQuery'] = [];
  for (const [name, query] of Object.entries(WORST_CASES)) {
    const samples: number[] = [];
    let last: SearchResult | undefined;
    for (let i = 0; i < reps; i++) {
      const { ms, value } = await timed(() => getJson<SearchResult>(base, worstCaseUrl(query)));
      samples.push(ms);
      last = value.body;
    }
    perQuery.push({ name, ms: summarize(samples), hits: last?.results.length ?? 0, ...(last?.degraded && { degraded: last.degraded }) });
  }
  return { perQuery, maxMs: Math.max(...perQuery.map((q) => q.ms.max)) };
}

export interface SearchableUnderLoadFigures extends SearchableFigures {
  /** Worst-case queries answered while the saves were measured. */
  worstCaseQueries: number;
}

/**
 * Write → searchable (as benchSearchable) while worst-case queries run back to back the whole
 * time: a save must become searchable about as fast as on a quiet service.
 */
export async function benchSearchableDuringWorstCases(svc: WriteTarget, vault: string, samples: number, pollMs: number): Promise<SearchableUnderLoadFigures> {
  const queries = Object.values(WORST_CASES);
  let stop = false;
  let answered = 0;
  let failed: unknown;
  const load = (async () => {
    for (let i = 0; !stop; i++) {
      await getJson<SearchResult>(svc.base, worstCaseUrl(queries[i % queries.length] as string));
      answered++;
    }
  })().catch((err: unknown) => {
    failed = err;
  });
  let figures: SearchableFigures;
  try {
    figures = await benchSearchable(svc, vault, samples, pollMs, 'wc');
  } finally {
    stop = true;
    await load;
  }
  // A worst-case query that failed outright would leave the figure measured on a quiet service.
  if (failed) throw new Error(`a worst-case query failed while saves were measured: ${failed instanceof Error ? failed.message : String(failed)}`);
  return { ...figures, worstCaseQueries: answered };
}
