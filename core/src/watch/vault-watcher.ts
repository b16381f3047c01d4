import path from 'node:path';
import watcher from '@parcel/watcher';
import type { FileChangeType } from '../events/index.js';
import { isHiddenPath } from '../vault/index.js';
import { findUnwatchableFolders } from './unwatchable-folders.js';

export interface VaultEvent {
  type: FileChangeType;
  /** Vault-relative; a file, or a folder that appeared or went (its files are not listed one by one). */
  path: string;
}

export interface VaultWatcher {
  /** Resolves once the watch is in place: changes from then on are reported. */
  ready: Promise<void>;
  /** Folders left out of the watch (vault-relative), known once ready: the system cannot watch them. */
  unwatched(): string[];
  close(): Promise<void>;
}

/** A path @parcel/watcher would read as a glob (and match with std::regex) rather than as a folder. */
const GLOB_LIKE = /[*?[\]{}()!|\\]/;

/**
 * The folder to leave out of the watch for one it cannot watch: itself, or, where its path reads
 * as a glob, the nearest folder above it that does not (so it is left out as a path, compared as
 * a prefix, never matched by a regular expression).
 */
function plainFolder(abs: string, root: string): string | undefined {
  let folder = abs;
  while (GLOB_LIKE.test(folder.slice(root.length)) && folder !== root) folder = path.dirname(folder);
  return folder === root ? undefined : folder;
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
 * events looks at the folder as a whole. Dot-folders are never reported, and folders the system
 * cannot watch (unwatchable-folders.ts) are left out: the rest of the vault is watched.
 */
export function watchVault(root: string, onEvents: (events: VaultEvent[]) => void, onError: (err: Error) => void): VaultWatcher {
  const toRel = (abs: string) => path.relative(root, abs).split(path.sep).join('/');
  const subscribe = (leftOut: string[]) =>
    watcher.subscribe(
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
      // Dot-folders by glob; the folders the system cannot watch by path (a prefix compare each).
      { ignore: ['**/.*', '**/.*/**', ...leftOut], ...(NATIVE_BACKEND ? { backend: NATIVE_BACKEND } : {}) },
    );
  let left: string[] = [];
  const subscription = findUnwatchableFolders(root).then((found) => {
    left = [...new Set(found.flatMap((abs) => plainFolder(abs, root) ?? []))];
    return subscribe(left);
  });
  return {
    ready: subscription.then(() => undefined),
    unwatched: () => left.map(toRel),
    close: async () => {
      await (await subscription).unsubscribe();
    },
  };
}
