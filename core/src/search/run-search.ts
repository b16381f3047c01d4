import type { DeepOutcome } from './deep-search.js';
import type { SearchWorkers } from './search-workers.js';
import type { SearchMode, SearchResult } from './types.js';

/** One search's words, bounds and shape: `prefix` a folder ("projects/acme/") or null, `context` neighbouring passages with text. */
export interface RunArgs {
  query: string;
  limit: number;
  prefix: string | null;
  context?: number | undefined;
}

export interface SearchRunDeps {
  searchers: SearchWorkers;
  deep: (query: string, limit: number) => Promise<DeepOutcome>;
  /** The first pass over the vault has not completed. */
  partial: () => boolean;
}

/**
 * One search, once the engine knows it can run: fast (the search workers), or deep (qmd's CLI,
 * its hits described by the search workers) falling back to fast with the reason.
 */
export function createSearchRun(deps: SearchRunDeps) {
  async function fast({ query, limit, prefix, context }: RunArgs, deepFailure?: string): Promise<SearchResult> {
    const res = await deps.searchers.search({ query, limit, prefix, ...(context !== undefined && { context }) });
    const partial = deps.partial() ? { partial: true as const } : {};
    const degraded = (error: string): SearchResult => ({ results: [], mode: 'fast', ...partial, degraded: [deepFailure, error].filter(Boolean).join('; ') });
    if (!res.ok) return degraded(res.timedOut ? `the search took too long and was stopped: ${res.error}` : `search failed: ${res.error}`);
    if (!res.value.ok) return degraded(res.value.rejected ? `the query could not be searched: ${res.value.error}` : `search failed: ${res.value.error}`);
    return { results: res.value.hits, mode: 'fast', ...partial, ...(deepFailure !== undefined && { degraded: deepFailure }) };
  }

  return async function run(args: RunArgs, mode: SearchMode): Promise<SearchResult> {
    const { query, limit, prefix, context } = args;
    if (mode !== 'deep') return fast(args);
    // A scope filters qmd's hits afterwards: ask it for more.
    const found = await deps.deep(query, prefix ? Math.max(limit * 10, 100) : limit);
    if (!found.ok) return fast(args, found.error);
    const paths = found.paths.filter((p) => !prefix || p.startsWith(prefix)).slice(0, limit);
    // The passage is the one holding the line qmd's reranker chose, where it named one.
    const described = await deps.searchers.describe({ paths, query, lines: found.lines, ...(context !== undefined && { context }) });
    if (described.ok) return { results: described.value.map((h, i) => ({ ...h, score: 1 / (i + 1) })), mode: 'deep' };
    return fast(args, `deep search results could not be read: ${described.error}`);
  };
}
