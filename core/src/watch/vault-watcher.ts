import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import type { FileChangeType } from '../events/index.js';
import { isHiddenPath } from '../vault/index.js';

export interface VaultEvent {
  type: FileChangeType;
  path: string;
  /** Part of the scan at start-up rather than a change while running. */
  initial: boolean;
}

export interface VaultWatcher {
  /** Resolves once the initial scan has been delivered. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export function watchVault(root: string, onEvent: (event: VaultEvent) => void): VaultWatcher {
  let initial = true;
  const toRel = (abs: string) => path.relative(root, abs).split(path.sep).join('/');
  const watcher: FSWatcher = watch(root, {
    ignoreInitial: false,
    // Dot-folders are invisible to the whole system, and never descended into.
    ignored: (abs: string) => abs !== root && isHiddenPath(toRel(abs)),
    followSymlinks: false,
  });
  const forward = (type: FileChangeType) => (abs: string) => {
    const rel = toRel(abs);
    if (rel && !rel.startsWith('..')) onEvent({ type, path: rel, initial });
  };
  watcher.on('add', forward('add'));
  watcher.on('change', forward('change'));
  watcher.on('unlink', forward('unlink'));
  // A removed folder: the index drops everything under it.
  watcher.on('unlinkDir', forward('unlink'));
  const ready = new Promise<void>((resolve) => {
    watcher.once('ready', () => {
      initial = false;
      resolve();
    });
  });
  return { ready, close: () => watcher.close() };
}
