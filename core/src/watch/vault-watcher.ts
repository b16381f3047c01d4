import path from 'node:path';
import watcher from '@parcel/watcher';
import type { FileChangeType } from '../events/index.js';
import { isHiddenPath } from '../vault/index.js';

export interface VaultEvent {
  type: FileChangeType;
  /** Vault-relative; a file, or a folder that appeared or went (its files are not listed one by one). */
  path: string;
}

export interface VaultWatcher {
  /** Resolves once the watch is in place: changes from then on are reported. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * The system's own file events, named: left to choose, @parcel/watcher first looks for watchman
 * through popen() and never collects that shell where watchman is absent (one zombie `sh` per
 * subscription, for the life of the service).
 */
const BACKENDS: Partial<Record<NodeJS.Platform, watcher.BackendType>> = { linux: 'inotify', darwin: 'fs-events', win32: 'windows' };
const NATIVE_BACKEND = BACKENDS[process.platform];

/**
 * The vault's changes, from @parcel/watcher: native and recursive (inotify per folder, never
 * per file, and no folder re-read per event), its events coalesced into batches. A folder moved
 * in arrives as one `add` of the folder, a folder removed as one `unlink`: whoever handles the
 * events looks at the folder as a whole. Dot-folders are never reported.
 */
export function watchVault(root: string, onEvents: (events: VaultEvent[]) => void, onError: (err: Error) => void): VaultWatcher {
  const toRel = (abs: string) => path.relative(root, abs).split(path.sep).join('/');
  const subscription = watcher.subscribe(
    root,
    (err, events) => {
      if (err) return onError(err);
      const out: VaultEvent[] = [];
      for (const e of events) {
        const rel = toRel(e.path);
        if (!rel || rel.startsWith('..') || isHiddenPath(rel)) continue;
        out.push({ type: e.type === 'create' ? 'add' : e.type === 'update' ? 'change' : 'unlink', path: rel });
      }
      if (out.length > 0) onEvents(out);
    },
    { ignore: ['**/.*', '**/.*/**'], ...(NATIVE_BACKEND ? { backend: NATIVE_BACKEND } : {}) },
  );
  return {
    ready: subscription.then(() => undefined),
    close: async () => {
      await (await subscription).unsubscribe();
    },
  };
}
