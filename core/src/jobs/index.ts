export { createBackgroundJob, type BackgroundJob, type BackgroundJobDeps, type IndexingProgress } from './background-job.js';
export { createTreeWriter } from './tree-writer.js';
export { coalesce, type Coalesced } from './coalesce.js';
export { startVaultSync, type VaultSync } from './vault-sync.js';
export { planMetadata } from './plan-metadata.js';
