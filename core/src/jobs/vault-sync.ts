import path from 'node:path';
import type { EventBus } from '../events/index.js';
import type { Logger } from '../logger.js';
import { isNote, readTextIfExists, TREE_FILE } from '../vault/index.js';
import { watchVault, type SelfWrites, type VaultEvent } from '../watch/index.js';
import type { BackgroundJob } from './background-job.js';

export interface VaultSync {
  /** Resolves once changes are being watched (the first pass starts after it: nothing falls between). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Watcher → events and job. A change is announced to clients at once (file_changed), then
 * queued for the job; the service's own writes are recognised by content and dropped here,
 * which is what keeps the job from chasing its own tail.
 */
export function startVaultSync(deps: { root: string; bus: EventBus; job: BackgroundJob; selfWrites: SelfWrites; log: Logger }): VaultSync {
  async function isOwnWrite(rel: string): Promise<boolean> {
    if (!deps.selfWrites.has(rel)) return false;
    const text = await readTextIfExists(path.join(deps.root, rel));
    return text !== undefined && deps.selfWrites.isOwn(rel, text);
  }

  async function onEvent(event: VaultEvent): Promise<void> {
    if (event.path === TREE_FILE) return;
    const own = event.type !== 'unlink' && isNote(event.path) && (await isOwnWrite(event.path));
    // Clients still hear of it (token counts changed), but the job does not look again.
    deps.bus.publish({ type: 'file_changed', data: { path: event.path, type: event.type } });
    if (!own) deps.job.enqueue(event.path);
  }

  const watcher = watchVault(
    deps.root,
    (events) => {
      for (const event of events) {
        onEvent(event).catch((err: unknown) => deps.log.error({ err, path: event.path }, 'could not handle a vault change'));
      }
    },
    (err) => deps.log.error({ err }, 'the vault watcher reported an error'),
  );
  return { ready: watcher.ready, close: () => watcher.close() };
}
