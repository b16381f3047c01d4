export { createBackgroundJob, type BackgroundJob, type BackgroundJobDeps } from './background-job.js';
export { createTreeWriter } from './tree-writer.js';
export { coalesce, type Coalesced } from './coalesce.js';
export { startVaultSync, countInboxItems, type VaultSync } from './vault-sync.js';
export { planMetadata } from './plan-metadata.js';
