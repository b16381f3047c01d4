export { createBackgroundJob, type BackgroundJob, type IndexingProgress } from './background-job.js';
export { createTreeWriter } from './tree-writer.js';
export { startVaultSync, type VaultSync } from './vault-sync.js';
