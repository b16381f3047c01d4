import type { Logger } from '../logger.js';
import type { ScanProgress, SearchEngine } from '../search/index.js';
import type { FrontmatterMode, KnowerNotes, VaultIndex } from '../vault/index.js';
import type { SelfWrites } from '../watch/index.js';
import { ChangeTimes } from './change-times.js';
import { FactsMirror } from './facts-mirror.js';
import { HeldRemovals } from './held-removals.js';
import { LookQueue } from './look-queue.js';
import type { StampPolicy } from './note-entry.js';
import { createStamper } from './stamp-note.js';
import { StampRecorder } from './stamp-recorder.js';
import { StampPool } from './stamp-pool.js';
import { WaitingStamps } from './waiting-stamps.js';

/** A backlog this large means search does not cover the vault: /health says "indexing". */
const READY_BACKLOG = 100;

export interface BackgroundJobDeps {
  root: string;
  index: VaultIndex;
  engine: Pick<SearchEngine, 'scan' | 'sync'>;
  selfWrites: SelfWrites;
  clock: () => Date;
  log: Logger;
  /** Which notes carry their metadata in their frontmatter. */
  mode: FrontmatterMode;
  /** Root names held by the person's own files: never stamped, whatever the mode. */
  isPersons?: (rel: string) => boolean;
  /** Knower's record of the notes it created or stamped: the job adds what it stamps, drops what is gone. */
  knowerNotes?: Pick<KnowerNotes, 'has' | 'add' | 'drop'>;
  /** Called once per drained burst in which the listing changed (tree.md, inbox count). */
  onListingChange: () => void;
  /** Files found or gone inside a folder that changed as a whole (moved in, removed): clients hear of each. */
  announce?: (path: string, type: 'add' | 'unlink') => void;
  /**
   * A note is stamped only once it has been quiet this long: the job stays out of the way of
   * someone typing or saving in bursts, which is when a rewrite could race their edit. Search
   * does not wait: the first change of a quiet path is indexed at once, a burst once it is over.
   */
  quietMs?: number;
}

export interface IndexingProgress {
  /** The first pass is over and the backlog is small: search covers the vault. */
  ready: boolean;
  files: { done: number; total: number };
  search: { done: number; total: number };
}

export interface BackgroundJob {
  /** The first pass over the whole vault (one read per changed file); resolves when it is done. */
  start(): Promise<void>;
  /** Look at a changed file or folder: at once if it was quiet, else once it is; never queued twice. */
  enqueue(rel: string): void;
  /** Resolves when nothing is queued, settling or running. */
  whenIdle(): Promise<void>;
  progress(): IndexingProgress;
  stats(): { pending: number; processed: number; writes: number; conflicts: number };
  close(): void;
}

/** Where the job stands, from the first pass's progress until it is over, then from the index and the backlog. */
function progressOf(scan: ScanProgress | undefined, index: VaultIndex, backlog: number): IndexingProgress {
  if (scan) return { ready: false, files: { ...scan.files }, search: { ...scan.search } };
  const files = index.size;
  const notes = index.totals().notes;
  return {
    ready: backlog < READY_BACKLOG,
    files: { done: Math.max(0, files - backlog), total: files },
    search: { done: Math.max(0, notes - backlog), total: notes },
  };
}

/**
 * The deterministic job. The index worker looks at what changed (reads, indexes for search,
 * reports facts); the job mirrors the facts into the in-memory index (facts-mirror.ts), and for
 * the notes whose metadata lives in their frontmatter sets tokens/updated/created
 * (stamp-note.ts: compare-and-swap, so a hand edit is never lost). Bursts are batched: one
 * worker call and one tree.md per burst. When to look is the look queue's (look-queue.ts), when
 * to stamp the waiting stamps' (waiting-stamps.ts), what a first look found gone is held
 * (held-removals.ts), the stamps due run in a small pool (stamp-pool.ts) and what each did is
 * recorded (stamp-recorder.ts).
 */
export function createBackgroundJob(deps: BackgroundJobDeps): BackgroundJob {
  const quietMs = deps.quietMs ?? 200;
  const { knowerNotes } = deps;
  const policy: StampPolicy = { mode: deps.mode, ...(deps.isPersons && { isPersons: deps.isPersons }), ...(knowerNotes && { isKnowers: knowerNotes.has }) };
  const stamps = new StampRecorder({ stamper: createStamper(deps), index: deps.index, mode: deps.mode, knowerNotes, raced: (rel) => schedule(rel) });
  const mirror = new FactsMirror({ root: deps.root, index: deps.index, policy, knowerNotes, onListingChange: deps.onListingChange });
  const held = new HeldRemovals();
  const looks = new LookQueue(quietMs, () => void drain());
  const times: ChangeTimes = new ChangeTimes(quietMs, (rel) => waiting.has(rel));
  const waiting: WaitingStamps = new WaitingStamps({ quietMs, quietFor: (rel) => times.quietFor(rel), lookComing: (rel) => looks.isComing(rel), due: (task) => void pool.stampAll([task]) });
  const pool = new StampPool({ stampOne: (task) => stamps.stamp(task), lookAgain, finished: settleIdle, log: deps.log });
  const idleWaiters: Array<() => void> = [];
  // The first pass's progress while it runs; undefined once it is over.
  let scan: ScanProgress | undefined = { files: { done: 0, total: 0 }, search: { done: 0, total: 0 } };
  let draining = false;
  let closed = false;

  const busy = () => scan !== undefined || draining || pool.busy || looks.size > 0 || waiting.size > 0;
  function settleIdle(): void {
    if (!busy()) idleWaiters.splice(0).forEach((resolve) => resolve());
  }
  function announceIfListingChanged(revision: number): void {
    if (deps.index.revision !== revision) deps.onListingChange();
  }

  /** What the job wrote is looked at once more (size, times), in one worker call. */
  async function lookAgain(written: string[]): Promise<void> {
    const revision = deps.index.revision;
    mirror.apply(await deps.engine.sync(written), false);
    announceIfListingChanged(revision);
  }

  async function drain(): Promise<void> {
    if (draining || closed) return;
    draining = true;
    try {
      while (looks.queued > 0 && !closed) {
        const revision = deps.index.revision;
        await lookAt(looks.take());
        announceIfListingChanged(revision);
      }
    } finally {
      draining = false;
      settleIdle();
    }
  }

  /** One look at a batch of changed paths, in one worker call; then the stamps it calls for, when their notes are quiet. */
  async function lookAt({ batch, firstLook }: { batch: string[]; firstLook: string[] }): Promise<void> {
    try {
      const holding = held.hold(held.release(await deps.engine.sync(batch), batch, firstLook), firstLook);
      holding.held.forEach(settleLater);
      const { result } = holding;
      const asked = new Set(batch);
      for (const f of result.upserts) if (!asked.has(f.path)) deps.announce?.(f.path, 'add');
      for (const rel of result.removed) if (!asked.has(rel)) deps.announce?.(rel, 'unlink');
      await pool.stampAll(waiting.ready(mirror.apply(result, true), batch));
    } catch (err) {
      deps.log.error({ err, files: batch.length }, 'background job failed on a batch');
      // Stamps held for this batch's notes still happen once they are quiet.
      await pool.stampAll(waiting.ready([], batch));
    }
  }

  function schedule(rel: string): void {
    if (closed) return;
    const quiet = times.quietFor(rel) >= quietMs && !looks.isSettling(rel) && !waiting.has(rel);
    times.changed(rel);
    // The first change of a quiet path is searchable at once (its stamp still waits for quiet).
    if (quietMs === 0) return looks.now(rel);
    if (quiet) return looks.now(rel, { first: true });
    settleLater(rel);
  }

  /** Looks at a path once it has been quiet for the quiet period; a stamp waiting for it waits for that look. */
  function settleLater(rel: string): void {
    waiting.pause(rel);
    looks.later(rel);
  }

  return {
    async start() {
      try {
        await deps.engine.scan((batch, progress) => {
          scan = progress;
          const tasks = mirror.apply(batch, false);
          if (tasks.length > 0) void pool.stampAll(tasks);
        });
      } catch (err) {
        deps.log.error({ err }, 'the first pass over the vault failed');
      }
      scan = undefined;
      deps.onListingChange();
      settleIdle();
    },
    enqueue: (rel) => schedule(rel),
    whenIdle() {
      if (!busy()) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    progress: () => progressOf(scan, deps.index, looks.size + pool.backlog),
    stats: () => ({ pending: looks.size + pool.backlog + waiting.size, processed: mirror.processed, writes: stamps.writes, conflicts: stamps.conflicts }),
    close() {
      closed = true;
      looks.close();
      waiting.clear();
      pool.close();
      settleIdle();
    },
  };
}
