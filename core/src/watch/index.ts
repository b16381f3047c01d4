export { SelfWrites } from './self-writes.js';
export { watchVault, type VaultEvent } from './vault-watcher.js';
