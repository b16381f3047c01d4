import type { History } from './history/index.js';
import type { BackgroundJob, createTreeWriter, VaultSync } from './jobs/index.js';
import type { Logger } from './logger.js';
import type { UpdateQueue } from './queue/index.js';
import type { SearchEngine } from './search/index.js';
import { settleWrites } from './vault/index.js';

/** What starts, settles and stops together: the parts of the service that run in the background. */
export interface RunningParts {
  sync: VaultSync;
  job: BackgroundJob;
  treeWriter: Pick<ReturnType<typeof createTreeWriter>, 'whenIdle' | 'cancel'>;
  queue: Pick<UpdateQueue, 'start' | 'close'>;
  history: Pick<History, 'start' | 'whenIdle' | 'close'>;
  search: Pick<SearchEngine, 'close'>;
  /** Lets go of the vault's filesystem (the last step of a close). */
  release: () => void;
  log: Logger;
  /** Once start-up work is over: a full garbage collection (Node's `gc`, given --expose-gc; none without). */
  collectGarbage?: () => void;
}

export interface Lifecycle {
  /** Whether changes on disk are being watched (not before the watch is up, nor after it failed). */
  watching(): boolean;
  /** Resolves when the start-up scan, the job, tree.md and the history have all caught up. */
  whenSettled(): Promise<void>;
  /** Stops the queue, the history, the watcher and the job, and lets go of the vault. */
  close(): Promise<void>;
}

/**
 * Starts the background parts in their order: the watch first, then the first pass (a change
 * made while the pass runs is not missed); then the accepted updates a stop left run again, once
 * the agents can see the vault; then the history compares the vault with its last commit (the
 * first snapshot, or edits made while stopped).
 */
export function startInOrder(parts: RunningParts): Lifecycle {
  const { sync, job, treeWriter, queue, history } = parts;
  let watching = false;
  const firstPass = sync.ready.then(() => {
    watching = sync.problem() === undefined;
    return job.start();
  });
  const historyStarted = firstPass
    .then(() => queue.start())
    .then(() => history.start())
    .catch((err: unknown) => parts.log.error({ err }, 'could not load the update queue'));
  async function whenSettled(): Promise<void> {
    await firstPass;
    do {
      await settleWrites();
      await job.whenIdle();
      await treeWriter.whenIdle();
      await historyStarted;
      await history.whenIdle();
    } while (job.stats().pending > 0);
  }
  // The first pass and the first history snapshot leave tens of MB of garbage that V8 keeps
  // resident until its heap next fills, which an idle service may not do for hours. A last-resort
  // collection also hands the emptied heap pages back (measured at 100,000 notes: 247 → 207 MB).
  const collect = parts.collectGarbage ?? (() => globalThis.gc?.({ type: 'major', flavor: 'last-resort' }));
  void whenSettled().then(
    () => collect(),
    () => undefined,
  );
  return {
    watching: () => watching && sync.problem() === undefined,
    whenSettled,
    async close() {
      await queue.close();
      await history.close();
      await sync.close();
      job.close();
      // A stamp already under way finishes (its temp file gone) before the vault is let go.
      await Promise.race([job.whenIdle(), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
      await settleWrites();
      treeWriter.cancel();
      await parts.search.close();
      parts.release();
    },
  };
}
