/** The worst-case queries (worst-case-queries.ts) against the service: how long each takes, and whether any was stopped. */
import type { SearchResult } from '../src/search/index.js';
import { getJson } from './service.js';
import { summarize, timed, type Summary } from './stats.js';
import { WORST_CASES } from './worst-case-queries.js';

export interface WorstCaseFigures {
  perQuery: { name: string; ms: Summary; hits: number; degraded?: string }[];
  /** The slowest of all runs. */
  maxMs: number;
}

export async function benchWorstCases(base: string, reps: number): Promise<WorstCaseFigures> {
  const perQuery: WorstCaseFigures['perQuery'] = [];
  for (const [name, query] of Object.entries(WORST_CASES)) {
    const samples: number[] = [];
    let last: SearchResult | undefined;
    for (let i = 0; i < reps; i++) {
      const { ms, value } = await timed(() => getJson<SearchResult>(base, `/vault/search?q=${encodeURIComponent(query)}&limit=10`));
      samples.push(ms);
      last = value.body;
    }
    perQuery.push({ name, ms: summarize(samples), hits: last?.results.length ?? 0, ...(last?.degraded && { degraded: last.degraded }) });
  }
  return { perQuery, maxMs: Math.max(...perQuery.map((q) => q.ms.max)) };
}
