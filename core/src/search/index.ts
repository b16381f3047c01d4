/**
 * The vault's search: Knower's own full-text index (docs/adr-0001-own-the-lexical-index.md),
 * kept in a Node 22 worker process: one of its threads reads the files that changed and indexes
 * them, others search with BM25 under a time budget; hybrid "deep" search
 * and embeddings through qmd's CLI, over qmd's own index, when its models are present. Faults
 * never throw out of here; they come back as `degraded`.
 */
export type { FileFacts, QmdOptions, QmdStatus, ScanProgress, SearchEngine, SearchHit, SearchMode, SearchQuery, SearchResult, SyncResult } from './types.js';
export { createSearchEngine } from './search-engine.js';
export { guardVaultHits } from './vault-guard.js';
export { parseScope } from './search-query.js';
// How the index cuts text into words, for whatever must cut it the same way (the offline answerer's
// keywords, file names made from text): pure functions, the same the index worker runs.
export { normalize, tokenize } from './worker/word-tokens.js';
