import { setTimeout as delay } from 'node:timers/promises';
import { FINAL_STATUSES } from '../records/index.js';
import type { CommitInfo, CommitKind } from './commit-log.js';
import type { VaultTurns } from '../vault/index.js';
import { createHistoryEngine, type HistoryDeps } from './history-service.js';
import { diffCommit, entryOf, listHistory, noteVersions } from './history-queries.js';
import { changesOf } from './repo-read.js';
import { restoreNote } from './restore.js';
import { fail, type CommitDiff, type HistoryEntry, type NoteVersion, type HistoryOutcome, type RestoreReport, type UndoReport } from './types.js';
import { undoCommit } from './undo.js';

export interface CreateHistoryDeps extends HistoryDeps {
  /** Undo and restore take a turn of their own: they never race an update. */
  turns: Pick<VaultTurns, 'run'>;
}

/**
 * The vault's history in git, kept in Knower's state folder: one commit per update, undo and
 * restore, hand edits in batched snapshots between them. The hooks (`changes`, `finished`,
 * `noteChange`) are what the queue and the watcher call; the rest is what the API serves.
 */
export function createHistory(deps: CreateHistoryDeps) {
  const engine = createHistoryEngine(deps);
  const { ctx } = engine;

  async function ready<T>(fn: () => Promise<HistoryOutcome<T>>): Promise<HistoryOutcome<T>> {
    await engine.opened;
    const problem = engine.unavailable();
    return problem ? fail('history_unavailable', problem) : fn();
  }

  const findCommit = (ref: string): HistoryOutcome<CommitInfo> => {
    const info = ctx.commits.get(ref);
    return info ? { ok: true, value: info } : fail('commit_not_found', `no commit ${JSON.stringify(ref)} in the history`);
  };

  /** The commit of a finished update; null when the update changed nothing. */
  async function updateCommit(id: string): Promise<HistoryOutcome<CommitInfo | null>> {
    const record = deps.records.latest(id);
    if (!record) return fail('update_not_found', 'no update with that id');
    if (!FINAL_STATUSES.has(record.status)) return fail('update_not_finished', `update ${id} is ${record.status}; it can be reviewed once it has finished`);
    // Its commit may still be on its way: the record is final a moment before the queue hands
    // the run to the history. Wait for it, within bounds (a run that changed nothing has none).
    for (let waited = 0; !ctx.commits.forUpdate(id) && record.changes?.length && waited < 10_000; waited += 20) {
      await engine.whenIdle();
      if (!ctx.commits.forUpdate(id)) await delay(20);
    }
    return { ok: true, value: ctx.commits.forUpdate(id) ?? null };
  }

  return {
    changes: engine.changes,
    finished: engine.finished,
    noteChange: engine.noteChange,
    start: engine.start,
    status: engine.status,
    timings: engine.timings,
    whenIdle: engine.whenIdle,
    close: engine.close,

    /** From memory, no git: the commit of an update (none when it changed nothing, or not yet). */
    updateCommit: (id: string): string | undefined => ctx.commits.forUpdate(id)?.commit,
    /** From memory: the undos that reversed a commit. */
    undoneBy: (commit: string): string[] => ctx.commits.undoneByOf(commit),

    list: (opts: { limit: number; before?: number; kinds?: ReadonlySet<CommitKind> }) =>
      ready(async () => ({ ok: true as const, value: await listHistory(ctx, (id: string) => deps.records.latest(id), opts) })),

    entry: (ref: string): Promise<HistoryOutcome<HistoryEntry>> =>
      ready(async () => {
        const found = findCommit(ref);
        if (!found.ok) return found;
        const raw = (await changesOf(ctx.repo.git, [found.value.commit])).get(found.value.commit) ?? [];
        return { ok: true, value: entryOf(found.value, raw, ctx, (id: string) => deps.records.latest(id)) };
      }),

    diff: (ref: string, opts: { words?: boolean }): Promise<HistoryOutcome<CommitDiff>> =>
      ready(async () => {
        const found = findCommit(ref);
        return found.ok ? { ok: true, value: await diffCommit(ctx, found.value, opts) } : found;
      }),

    updateDiff: (id: string, opts: { words?: boolean }): Promise<HistoryOutcome<CommitDiff>> =>
      ready(async () => {
        const found = await updateCommit(id);
        if (!found.ok) return found;
        if (!found.value) return { ok: true, value: { commit: null, parent: null, kind: 'update', update_id: id, files: [] } };
        return { ok: true, value: await diffCommit(ctx, found.value, opts) };
      }),

    undo: (ref: string): Promise<HistoryOutcome<UndoReport>> =>
      ready(async () => {
        const found = findCommit(ref);
        return found.ok ? deps.turns.run(() => undoCommit(engine.host, found.value)) : found;
      }),

    undoUpdate: (id: string): Promise<HistoryOutcome<UndoReport>> =>
      ready(async () => {
        const found = await updateCommit(id);
        if (!found.ok) return found;
        if (!found.value) {
          return { ok: true, value: { status: 'nothing', of: '', update_id: id, commit: null, reverted: [], conflicts: [], message: `update ${id} changed nothing in the vault` } };
        }
        const target = found.value;
        return deps.turns.run(() => undoCommit(engine.host, target));
      }),

    versions: (rel: string, opts: { limit: number; before?: string }): Promise<HistoryOutcome<{ versions: NoteVersion[]; next?: string }>> =>
      ready(async () => {
        await engine.host.settle(); // the note's latest hand edit is a version too
        if (opts.before && !ctx.commits.get(opts.before)) return fail('commit_not_found', `no commit ${JSON.stringify(opts.before)} in the history`);
        const before = opts.before ? ctx.commits.get(opts.before)?.commit : undefined;
        return { ok: true, value: await noteVersions(ctx, rel, { limit: opts.limit, ...(before ? { before } : {}) }) };
      }),

    restore: (rel: string, ref: string): Promise<HistoryOutcome<RestoreReport>> =>
      ready(async () => {
        const found = findCommit(ref);
        return found.ok ? deps.turns.run(() => restoreNote(engine.host, rel, found.value)) : found;
      }),
  };
}

export type History = ReturnType<typeof createHistory>;
