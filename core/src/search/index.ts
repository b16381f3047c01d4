/**
 * The vault's search index: a Node 22 worker process that owns qmd's database, reads the files
 * that changed, indexes them one by one, and answers BM25 searches; hybrid "deep" search and
 * embeddings through qmd's CLI when its models are present. qmd faults never throw out of here;
 * they come back as `degraded`.
 */
export type { FileFacts, IndexCoverage, QmdOptions, QmdStatus, ScanProgress, SearchEngine, SearchHit, SearchMode, SearchQuery, SearchResult, SyncResult } from './types.js';
export { createSearchEngine, QMD_VERSION } from './search-engine.js';
export { guardVaultHits } from './vault-guard.js';
export { parseScope } from './search-query.js';
