import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { EventBus } from '../events/index.js';
import type { Logger } from '../logger.js';
import type { FileChange, UpdateRecord, UpdateStore } from '../records/index.js';
import { journaledWriter, readJournal, UpdateJournal, type UpdateJournals } from '../vault/index.js';
import { CommitLog, type CommitInfo } from './commit-log.js';
import type { RunMeta } from './commit-message.js';
import { commitRun } from './commit-run.js';
import { BlobKeys, type HistoryContext } from './context.js';
import { createGit } from './git.js';
import { HandEditBatch } from './hand-edit-batch.js';
import { PendingRuns, type PendingRun } from './pending-runs.js';
import { Repo } from './repo.js';
import type { RunHost } from './run-host.js';
import { foldJournal, kindsOf, relOf, runPathIds } from './run-changes.js';
import { commitSnapshot, commitVault } from './snapshot.js';

export interface HistoryDeps {
  root: string;
  stateDir: string;
  /** The environment git runs with (PATH); its GIT_* variables are dropped. */
  env: NodeJS.ProcessEnv;
  clock: () => Date;
  log: Logger;
  bus: EventBus;
  /** The journals of update runs in progress: their writes are not hand edits. */
  journals: Pick<UpdateJournals, 'active'>;
  /**
   * The update records: `latest` from memory for the entries, `get` from disk (recovery at start
   * runs before the records are loaded).
   */
  records: Pick<UpdateStore, 'latest' | 'get'>;
  /** Quiet time before hand edits are committed, and the longest they wait. */
  quietMs?: number;
  maxWaitMs?: number;
  /** Loose objects are packed once they take more than `maxBytes`, looked at every `checkEvery` commits. */
  loose?: { maxBytes: number; checkEvery: number };
}

/** Per-run costs, for the benchmark: what an update waits on (changes, handover) and what runs after it (commit). */
export interface HistoryTimings {
  changesMs: number[];
  handoverMs: number[];
  commitMs: number[];
  catchUpMs?: number;
}

/** Packing 100k objects after a first snapshot stays within a few tens of MB: one thread, a bounded delta cache. */
const BOUNDED_PACKING = ['-c', 'pack.threads=1', '-c', 'pack.deltaCacheSize=16m', '-c', 'pack.windowMemory=64m'];
/** Commits between two runs of `git gc --auto` (it packs once there are thousands of loose objects). */
const GC_EVERY = 200;
/**
 * Loose objects are packed past 64 MB, looked at every 25 commits: a folder of tens of thousands
 * of notes adds a tree of megabytes per commit, and packed, each version is a small delta.
 */
const LOOSE = { maxBytes: 64 * 1024 * 1024, checkEvery: 25 };

/**
 * The engine of the history: one turn at a time (a promise chain), so commits land in the order
 * runs finished, each run's hand edits just before it. Opening the repository, recovering runs
 * a crash left pending and the first snapshot all happen in turns: start-up never waits on them.
 */
export function createHistoryEngine(deps: HistoryDeps) {
  const dir = path.join(deps.stateDir, 'history');
  const git = createGit({ gitDir: path.join(dir, 'repo.git'), indexFile: path.join(dir, 'index'), env: deps.env });
  const repo = new Repo(git, path.join(dir, 'index'));
  const commits = new CommitLog();
  const pending = new PendingRuns(path.join(dir, 'pending'));
  const ctx: HistoryContext = {
    root: deps.root,
    repo,
    commits,
    log: deps.log,
    clock: deps.clock,
    published: (info) => deps.bus.publish({ type: 'history_updated', data: { commit: info.commit, kind: info.kind, ...(info.updateId ? { update_id: info.updateId } : {}) } }),
    keys: new BlobKeys(),
  };
  const batch = new HandEditBatch({ quietMs: deps.quietMs ?? 2000, maxWaitMs: deps.maxWaitMs ?? 30_000, due: () => background(snapshotNow) });
  /** Runs handed over and not committed yet: their paths are theirs, not the person's. */
  const queued = new Set<string>();
  const adoptedHere = new Set<string>();
  const timings: HistoryTimings = { changesMs: [], handoverMs: [], commitMs: [] };
  const OPENING = 'the history is still opening';
  let unavailable: string | undefined = OPENING;
  /** The comparison of the vault with the history at start: the first snapshot's progress, for /health. */
  let catchingUp: 'waiting' | 'running' | 'done' = 'waiting';
  let closing = false;
  /** Why the last commit failed (the repository deleted or corrupt, its disk full); cleared by one that works. */
  let failing: string | undefined;
  let sinceGc = 0;
  let sinceLooseCheck = 0;
  let tail: Promise<unknown> = Promise.resolve();

  /** What keeps the history from working now: it could not open, its repository is gone, or commits fail. */
  function problem(): string | undefined {
    if (unavailable) return unavailable;
    if (!existsSync(path.join(git.gitDir, 'HEAD'))) return `the history repository is missing (${git.gitDir}); changes are not recorded and cannot be undone until Knower restarts and makes a new one`;
    return failing;
  }

  /** A step that writes the repository: its failure is what /health and undo report. */
  async function recording<T>(fn: () => Promise<T>): Promise<T> {
    try {
      const value = await fn();
      failing = undefined;
      return value;
    } catch (err) {
      failing = `commits to the history fail (${(err as Error).message}); changes are not recorded and cannot be undone`;
      throw err;
    }
  }

  function turn<T>(fn: () => Promise<T>): Promise<T> {
    const run = tail.then(fn);
    tail = run.catch((err: unknown) => deps.log.error({ err }, 'history step failed'));
    return run;
  }
  const background = (fn: () => Promise<unknown>) => void turn(fn).catch(() => undefined);
  const keep = (list: number[], ms: number) => list.push(ms) > 1000 && list.shift();

  async function owned(except?: string): Promise<Set<string>> {
    const out = new Set<string>();
    const take = async (journal: string) => {
      if (journal === except) return;
      for (const entry of await readJournal(journal)) {
        const rel = relOf(deps.root, entry.abs);
        if (rel) out.add(rel);
      }
    };
    for (const journal of deps.journals.active()) await take(journal);
    // Read after the open journals: one moved into the history meanwhile (finished) was queued
    // before its move, so it is read here if it was gone from its old place.
    for (const journal of [...queued]) await take(journal);
    return out;
  }

  function metaOfUpdate(record: UpdateRecord | undefined): RunMeta | undefined {
    if (!record) return undefined;
    const { id, text, summary, status, finished } = record;
    return { kind: 'update', updateId: id, text, ...(summary ? { summary } : {}), status, at: finished ?? deps.clock().toISOString() };
  }

  /** An update's journal is never rolled back here: its outcome is saved, so its changes stand. */
  async function updateMeta(id: string): Promise<RunMeta> {
    return metaOfUpdate(await deps.records.get(id)) ?? { kind: 'update', updateId: id, text: '', status: 'done', at: deps.clock().toISOString() };
  }

  /** After a crash between the branch update and the clean-up, the run's commit is already in. */
  function committedAlready(meta: RunMeta): boolean {
    if (meta.kind === 'update') return commits.forUpdate(meta.updateId) !== undefined;
    const last = commits.page({ limit: 1 }).entries[0];
    return last?.kind === meta.kind && last.at === new Date(meta.at).toISOString();
  }

  async function commitPending(run: PendingRun, known?: RunMeta): Promise<CommitInfo | null> {
    if (unavailable) return null; // kept on disk for a start where git works
    try {
      const meta = known ?? (await pending.readMeta(run)) ?? (run.updateId ? await updateMeta(run.updateId) : undefined);
      if (!meta) {
        // An undo or restore cut short before it finished: put back what it wrote, like an update's journal.
        const undone = await new UpdateJournal(run.dir, deps.root, deps.log).undo();
        deps.log.warn({ files: undone }, 'rolled back an undo or restore interrupted before it finished');
        return null;
      }
      if (committedAlready(meta)) {
        await pending.remove(run);
        return null;
      }
      const t0 = performance.now();
      const listed = batch.list();
      const { info, settled } = await recording(() => commitRun(ctx, { dir: run.dir, meta, handEdits: [...listed.keys()], owned: () => owned(run.dir) }));
      batch.settle(settled, listed);
      await pending.remove(run);
      keep(timings.commitMs, performance.now() - t0);
      await upkeep();
      return info;
    } finally {
      queued.delete(run.dir);
      batch.schedule();
    }
  }

  async function snapshotNow(): Promise<void> {
    if (unavailable || batch.size === 0) return;
    const listed = batch.list();
    const { settled } = await recording(() => commitSnapshot(ctx, { read: [...listed.keys()], owned: () => owned(), meta: (paths) => ({ kind: 'hand', paths, at: deps.clock().toISOString() }) }));
    batch.settle(settled, listed);
    // In a turn of its own: a run waiting for the person's edits to be committed does not wait for this too.
    background(upkeep);
  }

  /** After a commit of any kind: loose objects are packed once they take much room, and git tidies up now and then. */
  async function upkeep(): Promise<void> {
    const loose = deps.loose ?? LOOSE;
    if (++sinceLooseCheck >= loose.checkEvery) {
      sinceLooseCheck = 0;
      if ((await looseBytes()) > loose.maxBytes) return pack();
    }
    if (++sinceGc >= GC_EVERY) await gc();
  }

  /** The bytes loose objects take (`count-objects` reports KiB); 0 when it cannot tell. */
  async function looseBytes(): Promise<number> {
    const out = await git.run(['count-objects', '-v']).catch(() => undefined);
    const kib = /^size: (\d+)$/m.exec(out?.stdout.toString() ?? '')?.[1];
    return Number(kib ?? 0) * 1024;
  }

  /** Packs the loose objects (each version of a wide folder becomes a delta of the one before) and removes them. */
  async function pack(): Promise<void> {
    sinceGc = 0;
    await git.run([...BOUNDED_PACKING, 'repack', '-d', '-q'], { timeoutMs: 600_000 }).catch((err: unknown) => deps.log.warn({ err }, 'git repack failed'));
  }

  /** Packs loose objects once there are many (`gc --auto` decides; it is a no-op otherwise). */
  async function gc(): Promise<void> {
    sinceGc = 0;
    await git.run([...BOUNDED_PACKING, 'gc', '--auto', '--quiet'], { timeoutMs: 600_000 }).catch((err: unknown) => deps.log.warn({ err }, 'git gc failed'));
  }

  async function open(): Promise<void> {
    try {
      await repo.open();
      await commits.load(git);
      unavailable = undefined;
    } catch (err) {
      unavailable = `git could not open the history (${(err as Error).message}); is git installed?`;
      deps.log.error({ err }, 'history unavailable');
      return;
    }
    for (const run of await pending.list()) if (!adoptedHere.has(run.dir)) queued.add(run.dir);
    for (const run of await pending.list()) if (!adoptedHere.has(run.dir)) await commitPending(run);
  }

  /** The vault as it is now against the history: the first snapshot, or what changed while Knower was stopped. */
  async function catchUp(): Promise<void> {
    if (unavailable) return;
    catchingUp = 'running';
    const t0 = performance.now();
    const first = repo.head === null;
    const at = deps.clock().toISOString();
    await recording(() =>
      commitVault(ctx, {
        owned: () => owned(),
        stopped: () => closing,
        // A first snapshot of 100k files lists none of them (its message counts them).
        listPaths: !first,
        meta: (changed): RunMeta => (first ? { kind: 'snapshot', files: changed.count, at } : { kind: 'hand', paths: changed.sorted(), at }),
      }),
    );
    timings.catchUpMs = performance.now() - t0;
    if (first && !closing) await gc();
  }

  const opened = turn(open);

  const host: RunHost = {
    ctx,
    settle: () => turn(snapshotNow),
    async journaled(kind, work) {
      const run = await pending.create(kind);
      queued.add(run.dir);
      const journal = new UpdateJournal(run.dir, deps.root, deps.log);
      let done: Awaited<ReturnType<typeof work>>;
      try {
        done = await work({ root: deps.root, writer: journaledWriter(journal), journal });
        await pending.writeMeta(run, done.meta);
      } catch (err) {
        // Failed midway: what it wrote goes back, as for an interrupted update.
        await journal.undo();
        queued.delete(run.dir);
        throw err;
      }
      return { value: done.value, info: await turn(() => commitPending(run, done.meta)) };
    },
  };

  return {
    ctx,
    host,
    turn,
    /** Resolves once the repository is open (or known to be unavailable). */
    opened: opened.catch(() => undefined),
    unavailable: problem,
    timings: () => timings,
    // Opening is not a fault: /health says "degraded" only for a history that cannot run.
    status: (): { available: boolean; opening?: boolean; problem?: string; commits: number; pending: number; handEdits: number; catchUp: typeof catchingUp } => ({
      available: !problem(),
      ...(unavailable === OPENING ? { opening: true } : problem() ? { problem: problem() } : {}),
      commits: commits.size,
      pending: queued.size,
      handEdits: batch.size,
      catchUp: catchingUp,
    }),
    start: () => background(() => catchUp().finally(() => (catchingUp = 'done'))),
    noteChange: (rel: string) => batch.add(rel),
    async changes(journal: UpdateJournal): Promise<FileChange[]> {
      const t0 = performance.now();
      const changes = kindsOf(await runPathIds(foldJournal(deps.root, await readJournal(journal.dir))));
      keep(timings.changesMs, performance.now() - t0);
      return changes;
    },
    async finished(record: UpdateRecord, journal: UpdateJournal): Promise<void> {
      // No git: the journal goes as before; the history resumes with a snapshot once git is there.
      if (unavailable && unavailable !== OPENING) return;
      const t0 = performance.now();
      // One rename and the update goes on; its meta comes from its record (on disk, after a crash).
      // Its files count as the run's at the new place before the move: a hand-edit commit made
      // meanwhile reads the journal at one place or the other, and never takes them for the person's.
      const run = pending.reserve(record.id);
      adoptedHere.add(run.dir);
      queued.add(run.dir);
      if (!(await pending.adopt(journal.dir, run))) {
        adoptedHere.delete(run.dir);
        queued.delete(run.dir);
        return;
      }
      const meta = metaOfUpdate(record) as RunMeta;
      background(() => commitPending(run, meta));
      keep(timings.handoverMs, performance.now() - t0);
    },
    whenIdle: () => turn(async () => undefined),
    /**
     * `fn` in a turn of the history's own, once the person's pending edits are committed: no
     * commit lands meanwhile (a rewrite of the whole branch, a backup put back).
     */
    exclusive<T>(fn: () => Promise<T>): Promise<T> {
      return turn(async () => {
        await snapshotNow();
        return recording(fn);
      });
    },
    /** The branch was moved as a whole: HEAD and the commit log are read again. */
    async reload(): Promise<void> {
      await repo.refresh();
      await commits.reload(git);
    },
    /** Commits what the person has at these paths now, as hand edits (inside a turn already held). */
    snapshotPaths: (paths: string[]) => commitSnapshot(ctx, { read: paths, owned: () => owned(), meta: (changed) => ({ kind: 'hand', paths: changed, at: deps.clock().toISOString() }) }),
    /** Objects nothing reaches any longer are dropped for good: reflogs expired, loose and packed alike. */
    async dropUnreachable(): Promise<void> {
      await git.run(['reflog', 'expire', '--expire=now', '--expire-unreachable=now', '--all']);
      await git.run([...BOUNDED_PACKING, 'gc', '--prune=now', '--quiet'], { timeoutMs: 600_000 });
      sinceGc = 0;
    },
    async close(): Promise<void> {
      closing = true; // a first snapshot still walking the vault stops at its next folder
      batch.close();
      await Promise.race([tail, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    },
  };
}

export type HistoryEngine = ReturnType<typeof createHistoryEngine>;
