export { createBackgroundJob, type BackgroundJob, type BackgroundJobDeps, type IndexingProgress } from './background-job.js';
export { createTreeWriter } from './tree-writer.js';
export { type Coalesced } from './coalesce.js';
export { startVaultSync, type VaultSync } from './vault-sync.js';
