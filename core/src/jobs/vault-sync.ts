import path from 'node:path';
import { announceFileChange, type EventBus } from '../events/index.js';
import type { Logger } from '../logger.js';
import { isNote, readTextIfExists, TREE_FILE } from '../vault/index.js';
import { watchVault, type SelfWrites, type VaultEvent } from '../watch/index.js';
import type { BackgroundJob } from './background-job.js';

export interface VaultSync {
  /** Settles once changes are being watched, or could not be (the first pass starts after it). */
  ready: Promise<void>;
  /** Why changes on disk may go unnoticed (the watch could not be set up, or failed), if so. */
  problem(): string | undefined;
  /** Folders the system cannot watch, left out of the watch (the rest is watched): what /health says, if any. */
  unseen(): string | undefined;
  close(): Promise<void>;
}

/** A folder's path for a sentence: the first of it, and how deep it goes. */
const shortFolder = (rel: string) => (rel.length > 60 ? `${rel.slice(0, 60)}… (${rel.split('/').length} levels deep)` : rel);

function unseenSentence(folders: string[]): string | undefined {
  if (folders.length === 0) return undefined;
  const names = folders.slice(0, 3).map(shortFolder).join(', ') + (folders.length > 3 ? ', …' : '');
  const count = folders.length === 1 ? '1 folder is' : `${folders.length} folders are`;
  return `${count} nested too deep for the system to watch (a path past 4,096 bytes, or a name past 255): hand edits there are not seen (${names})`;
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
  /** Whether the vault's listing has this path (a "change" of a path it lacks is a new file to clients). */
  listed?: (rel: string) => boolean;
}): VaultSync {
  async function isOwnWrite(rel: string): Promise<boolean> {
    if (!deps.selfWrites.has(rel)) return false;
    const text = await readTextIfExists(path.join(deps.root, rel));
    return text !== undefined && deps.selfWrites.isOwn(rel, text);
  }

  async function onEvent(event: VaultEvent): Promise<void> {
    if (event.path === TREE_FILE) return;
    const own = event.type !== 'unlink' && isNote(event.path) && (await isOwnWrite(event.path));
    // A file written into a folder made a moment before can reach inotify after the folder's
    // watch is set but its creation before: the watcher reports an update of a file nobody has
    // seen. To clients it is new.
    const type = event.type === 'change' && deps.listed?.(event.path) === false ? 'add' : event.type;
    // Clients still hear of it (token counts changed), but the job does not look again.
    announceFileChange(deps.bus, event.path, type);
    if (own) return;
    deps.onForeignChange?.(event.path);
    deps.job.enqueue(event.path);
  }

  let problem: string | undefined;
  const failed = (what: string) => (err: unknown) => {
    problem = `${what}: ${err instanceof Error ? err.message : String(err)}; hand edits are not seen until a restart`;
    deps.log.error({ err }, what);
  };
  const watcher = watchVault(
    deps.root,
    (events) => {
      for (const event of events) {
        onEvent(event).catch((err: unknown) => deps.log.error({ err, path: event.path }, 'could not handle a vault change'));
      }
    },
    failed('the vault watcher failed'),
  );
  // Without a watch (e.g. the system's inotify limit is reached) the vault is still listed,
  // searched and written by Knower; /health says what is missing.
  const ready = watcher.ready.catch(failed('the vault could not be watched'));
  return { ready, problem: () => problem, unseen: () => unseenSentence(watcher.unwatched()), close: () => watcher.close().catch(() => undefined) };
}
