export { SelfWrites } from './self-writes.js';
export { watchVault, type VaultEvent, type VaultWatcher } from './vault-watcher.js';
