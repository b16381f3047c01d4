/** What the vault holds and what changed lately, per project (GET /stats and the MCP stats tool). */
export { createVaultStats, type VaultStats } from './vault-stats.js';
