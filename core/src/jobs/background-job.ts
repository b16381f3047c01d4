import { stat } from 'node:fs/promises';
import type { Logger } from '../logger.js';
import type { ScanProgress, SearchEngine, SyncResult } from '../search/index.js';
import { isNote, resolveVaultPath, TREE_FILE, type FrontmatterMode, type KnowerNotes, type VaultIndex } from '../vault/index.js';
import type { SelfWrites } from '../watch/index.js';
import { bornAt, entryOf, needsStamp, stamped, type StampPolicy } from './note-entry.js';
import { createStamper } from './stamp-note.js';

const STAMP_WORKERS = 4;
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

interface StampTask {
  rel: string;
  born: Date;
  previousBody: string | undefined;
}

/** A stamp that waits for its note to be quiet; no timer while a newer change is being looked at. */
interface WaitingStamp {
  task: StampTask;
  timer: NodeJS.Timeout | undefined;
}

/**
 * The deterministic job. The index worker looks at what changed (reads, indexes for search,
 * reports facts); the job mirrors the facts into the in-memory index, and for the notes whose
 * metadata lives in their frontmatter sets tokens/updated/created (compare-and-swap, so a hand
 * edit is never lost). Bursts are batched: one worker call and one tree.md per burst.
 */
export function createBackgroundJob(deps: BackgroundJobDeps): BackgroundJob {
  const quietMs = deps.quietMs ?? 200;
  const { knowerNotes } = deps;
  const policy: StampPolicy = { mode: deps.mode, ...(deps.isPersons && { isPersons: deps.isPersons }), ...(knowerNotes && { isKnowers: knowerNotes.has }) };
  const stamper = createStamper(deps);
  const pending = new Set<string>();
  const settling = new Map<string, NodeJS.Timeout>();
  // When each path last changed on disk (pruned once quiet), and the stamps waiting for quiet.
  const lastChange = new Map<string, number>();
  const waiting = new Map<string, WaitingStamp>();
  // Paths queued on their first change after being quiet: what that look finds may be mid-save.
  const firstLooks = new Set<string>();
  // What a first look found gone, still listed until the look once the path is quiet. The index
  // worker has dropped them already: a folder's later look does not report them again.
  const heldGone = new Map<string, string[]>();
  let pruneAt = 10_000;
  // Bodies of the notes the job stamps, as last seen: a different body moves `updated`.
  const bodies = new Map<string, string>();
  const stampQueue: StampTask[] = [];
  const idleWaiters: Array<() => void> = [];
  const counters = { processed: 0, writes: 0, conflicts: 0 };
  let scan: ScanProgress = { files: { done: 0, total: 0 }, search: { done: 0, total: 0 } };
  let scanned = false;
  let draining = false;
  let stamping = 0;
  let closed = false;

  const busy = () => !scanned || draining || stamping > 0 || stampQueue.length > 0 || pending.size > 0 || settling.size > 0 || waiting.size > 0;
  function settleIdle(): void {
    if (!busy()) idleWaiters.splice(0).forEach((resolve) => resolve());
  }

  /** Mirrors what the worker found; returns the notes whose frontmatter the job must look at. */
  function apply(result: SyncResult, saved: boolean): StampTask[] {
    const tasks: StampTask[] = [];
    for (const rel of result.removed) {
      deps.index.delete(rel);
      bodies.delete(rel);
    }
    knowerNotes?.drop(...result.removed);
    for (const facts of result.upserts) {
      if (facts.path === TREE_FILE) continue; // generated by us, never treated as a note
      if (facts.kind === 'link') {
        void listLink(facts.path);
        continue;
      }
      deps.index.set(entryOf(facts, policy));
      if (stamped(facts, policy)) {
        const previousBody = bodies.get(facts.path);
        if (facts.bodyHash) bodies.set(facts.path, facts.bodyHash);
        const bodyChanged = saved && previousBody !== undefined && previousBody !== facts.bodyHash;
        if (needsStamp(facts, policy) || bodyChanged) tasks.push({ rel: facts.path, born: bornAt(facts), previousBody });
      }
    }
    counters.processed += result.upserts.length + result.removed.length;
    return tasks;
  }

  /**
   * A symlink is listed only when it stays inside the vault, and never written through: the
   * job would otherwise replace the link with a copy of whatever it points at.
   */
  async function listLink(rel: string): Promise<void> {
    const resolved = await resolveVaultPath(deps.root, rel);
    const info = resolved.ok ? await stat(resolved.abs).catch(() => undefined) : undefined;
    const revision = deps.index.revision;
    if (!info?.isFile()) deps.index.delete(rel);
    else deps.index.set({ path: rel, kind: isNote(rel) ? 'note' : 'file', size: info.size });
    if (deps.index.revision !== revision) deps.onListingChange();
  }

  async function stampOne(task: StampTask): Promise<string | undefined> {
    const outcome = await stamper.stamp(task.rel, task.born, task.previousBody);
    switch (outcome.kind) {
      case 'stamped':
        counters.writes++;
        // Where only Knower's notes are stamped, having stamped one makes it Knower's for good
        // (a rebuilt index forgets which notes it first saw while running). In `all` mode every
        // note is stamped: recording them would make the person's notes Knower's, should the
        // mode later become `knower`.
        if (deps.mode === 'knower') knowerNotes?.add(task.rel);
        return task.rel;
      case 'raced':
        // The file changed under us: look again once it is quiet.
        counters.conflicts++;
        schedule(task.rel);
        return undefined;
      case 'malformed': {
        const entry = deps.index.get(task.rel);
        if (entry) deps.index.set({ ...entry, malformed: outcome.error });
        return undefined;
      }
      default:
        return undefined;
    }
  }

  /** A few notes at a time: each write waits on fsync and the swap check, not on the CPU. */
  async function stampWorker(): Promise<void> {
    stamping++;
    const stamped: string[] = [];
    try {
      for (let task = stampQueue.shift(); task && !closed; task = stampQueue.shift()) {
        try {
          const rel = await stampOne(task);
          if (rel) stamped.push(rel);
        } catch (err) {
          deps.log.error({ path: task.rel, err }, 'background job could not stamp a note');
        }
      }
      // What the job wrote is looked at once more (size, times), in one worker call.
      if (stamped.length > 0 && !closed) {
        const revision = deps.index.revision;
        apply(await deps.engine.sync(stamped), false);
        if (deps.index.revision !== revision) deps.onListingChange();
      }
    } finally {
      stamping--;
      settleIdle();
    }
  }

  async function stampAll(tasks: StampTask[]): Promise<void> {
    stampQueue.push(...tasks);
    const workers = Math.min(STAMP_WORKERS - stamping, stampQueue.length);
    await Promise.all(Array.from({ length: Math.max(0, workers) }, stampWorker));
  }

  async function drain(): Promise<void> {
    if (draining || closed) return;
    draining = true;
    try {
      while (pending.size > 0 && !closed) {
        const batch = [...pending];
        pending.clear();
        const revision = deps.index.revision;
        const firstLook = batch.filter((rel) => firstLooks.delete(rel));
        try {
          const result = holdRemovals(releaseHeld(await deps.engine.sync(batch), batch, firstLook), firstLook);
          const asked = new Set(batch);
          for (const f of result.upserts) if (!asked.has(f.path)) deps.announce?.(f.path, 'add');
          for (const rel of result.removed) if (!asked.has(rel)) deps.announce?.(rel, 'unlink');
          await stampAll(whenQuiet(apply(result, true), batch));
        } catch (err) {
          deps.log.error({ err, files: batch.length }, 'background job failed on a batch');
          // Stamps held for this batch's notes still happen once they are quiet.
          await stampAll(whenQuiet([], batch));
        }
        if (deps.index.revision !== revision) deps.onListingChange();
      }
    } finally {
      draining = false;
      settleIdle();
    }
  }

  /**
   * A path found gone on the first look at a change may be mid-save (an editor moving the old
   * file aside before writing the new one): the listing lets go of it only after a look once it
   * is quiet, so clients never see it vanish and come back, and its stamp keeps its last body.
   */
  function holdRemovals(result: SyncResult, firstLook: string[]): SyncResult {
    if (firstLook.length === 0 || result.removed.length === 0) return result;
    const under = (rel: string, folder: string) => rel === folder || rel.startsWith(`${folder}/`);
    const held = firstLook.filter((f) => result.removed.some((rel) => under(rel, f)));
    if (held.length === 0) return result;
    for (const f of held) heldGone.set(f, [...(heldGone.get(f) ?? []), ...result.removed.filter((rel) => under(rel, f))]);
    held.forEach(settleLater);
    return { ...result, removed: result.removed.filter((rel) => !held.some((f) => under(rel, f))) };
  }

  /** The look once a path is quiet: what its first look found gone and is not back goes now. */
  function releaseHeld(result: SyncResult, batch: string[], firstLook: string[]): SyncResult {
    if (heldGone.size === 0) return result;
    const first = new Set(firstLook);
    const gone: string[] = [];
    for (const rel of batch) {
      const held = heldGone.get(rel);
      if (!held || first.has(rel)) continue;
      heldGone.delete(rel);
      gone.push(...held);
    }
    if (gone.length === 0) return result;
    const seen = new Set([...result.removed, ...result.upserts.map((f) => f.path)]);
    return { ...result, removed: [...result.removed, ...gone.filter((rel) => !seen.has(rel))] };
  }

  const quietFor = (rel: string) => Date.now() - (lastChange.get(rel) ?? -Infinity);

  /**
   * The stamps of notes that are quiet go ahead; the others wait out the rest of the quiet
   * period. A note looked at again while its stamp waits keeps the body its stamp compares with
   * (the body when the job last stamped), so a change in between still moves `updated`.
   */
  function whenQuiet(tasks: StampTask[], batch: string[]): StampTask[] {
    const byPath = new Map(tasks.map((task) => [task.rel, task]));
    for (const rel of batch) {
      const held = waiting.get(rel);
      if (!held) continue;
      clearTimeout(held.timer);
      waiting.delete(rel);
      const task = byPath.get(rel);
      byPath.set(rel, task ? { ...task, previousBody: held.task.previousBody } : held.task);
    }
    const ready: StampTask[] = [];
    for (const task of byPath.values()) {
      const rest = quietMs - quietFor(task.rel);
      if (rest <= 0) ready.push(task);
      else wait(task, rest);
    }
    return ready;
  }

  function wait(task: StampTask, ms: number): void {
    const held: WaitingStamp = { task, timer: undefined };
    held.timer = setTimeout(() => {
      held.timer = undefined;
      // A newer change is on its way through the worker: its pass picks this stamp up.
      if (settling.has(task.rel) || pending.has(task.rel)) return;
      waiting.delete(task.rel);
      void stampAll([task]);
    }, ms);
    waiting.set(task.rel, held);
  }

  function queue(rel: string): void {
    pending.add(rel);
    void drain();
  }

  function schedule(rel: string): void {
    if (closed) return;
    const quiet = quietFor(rel) >= quietMs && !settling.has(rel) && !waiting.has(rel);
    noteChange(rel);
    // The first change of a quiet path is searchable at once (its stamp still waits for quiet).
    if (quietMs === 0) return queue(rel);
    if (quiet) {
      firstLooks.add(rel);
      return queue(rel);
    }
    settleLater(rel);
  }

  /** Looks at a path once it has been quiet for the quiet period. */
  function settleLater(rel: string): void {
    clearTimeout(settling.get(rel));
    // A stamp waiting for this note waits for the newer change's pass instead.
    const held = waiting.get(rel);
    if (held) {
      clearTimeout(held.timer);
      held.timer = undefined;
    }
    settling.set(
      rel,
      setTimeout(() => {
        settling.delete(rel);
        queue(rel);
      }, quietMs),
    );
  }

  function noteChange(rel: string): void {
    const now = Date.now();
    lastChange.set(rel, now);
    if (lastChange.size <= pruneAt) return;
    for (const [path, at] of lastChange) if (now - at >= quietMs && !waiting.has(path)) lastChange.delete(path);
    // Pruned again only once it has doubled: a burst of many new paths stays linear.
    pruneAt = Math.max(10_000, lastChange.size * 2);
  }

  return {
    async start() {
      try {
        await deps.engine.scan((batch, progress) => {
          scan = progress;
          const tasks = apply(batch, false);
          if (tasks.length > 0) void stampAll(tasks);
        });
      } catch (err) {
        deps.log.error({ err }, 'the first pass over the vault failed');
      }
      scanned = true;
      deps.onListingChange();
      settleIdle();
    },
    enqueue: (rel) => schedule(rel),
    whenIdle() {
      if (!busy()) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    progress() {
      const backlog = pending.size + settling.size + stampQueue.length;
      if (!scanned) return { ready: false, files: { ...scan.files }, search: { ...scan.search } };
      const files = deps.index.size;
      const notes = deps.index.totals().notes;
      return {
        ready: backlog < READY_BACKLOG,
        files: { done: Math.max(0, files - backlog), total: files },
        search: { done: Math.max(0, notes - backlog), total: notes },
      };
    },
    stats: () => ({ pending: pending.size + settling.size + stampQueue.length + waiting.size, ...counters }),
    close() {
      closed = true;
      for (const timer of settling.values()) clearTimeout(timer);
      settling.clear();
      for (const held of waiting.values()) clearTimeout(held.timer);
      waiting.clear();
      stampQueue.length = 0;
      settleIdle();
    },
  };
}
