/**
 * The qmd subprocess wrapper: BM25 search through a long-lived `qmd mcp` child, hybrid
 * "deep" search when qmd's models are present, serialized index writers, and a status
 * for /health. qmd faults never throw out of here; they come back as `degraded`.
 */
export type {
  QmdOptions,
  QmdStatus,
  SearchEngine,
  SearchHit,
  SearchMode,
  SearchQuery,
  SearchResult,
} from './types.js';
export { createSearchEngine } from './search-engine.js';
export { guardVaultHits } from './vault-guard.js';
