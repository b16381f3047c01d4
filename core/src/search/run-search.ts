import { finishHits, pickHits } from './finish-hits.js';
import type { RawHit } from './clean-hit.js';
import type { ModelDetector } from './model-detect.js';
import type { QmdContext } from './qmd-process.js';
import { deepQuery, type FastSearch, type RawSearch } from './qmd-search.js';
import { clampLimit, fetchLimit, normalizeLexQuery, parseScope } from './search-query.js';
import type { SearchQuery, SearchResult } from './types.js';

export interface SearchDeps {
  ctx: QmdContext;
  vaultRoot: string;
  collection: string;
  fast: FastSearch;
  models: ModelDetector;
  timeouts: { searchMs: number; deepMs: number };
  /** Why qmd cannot be asked at all (missing, engine closed), or null; waits for an in-flight init. */
  ready(): Promise<string | null>;
  /** The last fast search's fault with qmd (null on success), for status(). */
  onOutcome(error: string | null): void;
}

/** Fast and deep search with every failure turned into `degraded`. */
export function createSearchRunner(deps: SearchDeps): (q: SearchQuery) => Promise<SearchResult> {
  // One hybrid query at a time: each loads the models and saturates the CPU; a second one
  // gets fast results at once instead of queueing behind the first.
  let deepBusy = false;

  async function tryDeep(query: string, n: number): Promise<RawSearch> {
    const models = await deps.models.get();
    if (!models.deep) {
      const missing = `${models.missing.join(', ')} missing from ${models.cacheDir}`;
      return { ok: false, error: `deep search unavailable: qmd's models are not downloaded (${missing}); ran fast search instead` };
    }
    if (deepBusy) return { ok: false, error: 'deep search busy with another query; ran fast search instead' };
    deepBusy = true;
    try {
      const deep = await deepQuery(deps.ctx, deps.collection, query, n, deps.timeouts.deepMs);
      return deep.ok ? deep : { ok: false, error: `deep search failed (${deep.error}); ran fast search instead` };
    } finally {
      deepBusy = false;
    }
  }

  return async function search(q: SearchQuery): Promise<SearchResult> {
    const mode = q.mode ?? 'fast';
    const query = q.query.replace(/\s+/g, ' ').trim();
    if (query === '') return { results: [], mode };
    const scope = parseScope(q.scope);
    if (!scope.ok) return { results: [], mode, degraded: scope.error };
    const unavailable = await deps.ready();
    if (unavailable) return { results: [], mode, degraded: unavailable };

    const limit = clampLimit(q.limit);
    const n = fetchLimit(limit, scope.prefix);
    const finish = { vaultRoot: deps.vaultRoot, collection: deps.collection, prefix: scope.prefix, limit, query };
    let deepFailure: string | undefined;
    if (mode === 'deep') {
      const deep = await tryDeep(query, n);
      if (deep.ok) return { results: await finishHits(deep.hits, { ...finish, numbered: deep.numbered }), mode: 'deep' };
      deepFailure = deep.error;
    }
    const enough = (hits: RawHit[]) => pickHits(hits, finish).length >= limit;
    const fast = await deps.fast.run(normalizeLexQuery(query), n, enough, deps.timeouts.searchMs);
    if (fast.ok || !fast.rejected) deps.onOutcome(fast.ok ? null : fast.error);
    if (!fast.ok) return { results: [], mode, degraded: [deepFailure, fast.error].filter(Boolean).join('; ') };
    const results = await finishHits(fast.hits, { ...finish, numbered: fast.numbered });
    return { results, mode: 'fast', ...(deepFailure !== undefined && { degraded: deepFailure }) };
  };
}
