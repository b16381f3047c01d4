import path from 'node:path';
import type { EventBus } from '../events/index.js';
import type { Logger } from '../logger.js';
import { isNote, readTextIfExists, TREE_FILE, type VaultIndex } from '../vault/index.js';
import { watchVault, type SelfWrites, type VaultEvent } from '../watch/index.js';
import type { BackgroundJob } from './background-job.js';

export interface VaultSync {
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Watcher → events and job. A change is announced to clients at once (file_changed), then
 * queued for the job; the service's own writes are recognised by content and dropped here,
 * which is what keeps the job from chasing its own tail.
 */
export function startVaultSync(deps: {
  root: string;
  bus: EventBus;
  job: BackgroundJob;
  selfWrites: SelfWrites;
  log: Logger;
  /** Told of each change that is not the service's own write (the history's hand-edit snapshots). */
  onForeignChange?: (rel: string) => void;
}): VaultSync {
  async function onEvent(event: VaultEvent): Promise<void> {
    if (event.path === TREE_FILE) return;
    if (!event.initial) {
      const own = event.type !== 'unlink' && isNote(event.path) && (await isOwnWrite(event.path));
      // Clients still hear of it (token counts changed), but the job does not look again.
      deps.bus.publish({ type: 'file_changed', data: { path: event.path, type: event.type } });
      if (own) return;
      deps.onForeignChange?.(event.path);
    }
    deps.job.enqueue(event.path, { immediate: event.initial });
  }

  async function isOwnWrite(rel: string): Promise<boolean> {
    const text = await readTextIfExists(path.join(deps.root, rel));
    return text !== undefined && deps.selfWrites.isOwn(rel, text);
  }

  const watcher = watchVault(deps.root, (event) => {
    onEvent(event).catch((err: unknown) => deps.log.error({ err, path: event.path }, 'could not handle a vault change'));
  });
  return { ready: watcher.ready, close: () => watcher.close() };
}

/** Pending inbox items are the folders under inbox/ that hold a review.md. */
export function countInboxItems(index: VaultIndex): number {
  let count = 0;
  for (const entry of index.values()) {
    if (/^inbox\/[^/]+\/review\.md$/.test(entry.path)) count++;
  }
  return count;
}
