import { randomBytes } from 'node:crypto';
import type { CommitInfo } from './commit-log.js';
import { changesOf, readBlobs, versionsOf, type RawChange } from './repo-read.js';
import type { RunHost } from './run-host.js';
import { kindsOf } from './run-changes.js';
import { fail, type HistoryOutcome, type UndoReport } from './types.js';
import { writeUndoItem } from './undo-item.js';
import { revertPath, type PathRevert } from './undo-path.js';

type Unreverted = Extract<PathRevert, { result: 'partial' | 'conflict' }>;

function describe(info: CommitInfo): string {
  if (info.kind === 'update') return `update ${info.updateId ?? info.commit.slice(0, 7)}`;
  if (info.kind === 'hand') return `a hand edit (${info.at})`;
  if (info.kind === 'forget') return `a forget (${info.at})`;
  return `${info.kind === 'undo' ? 'an undo' : info.kind === 'restore' ? 'a restore' : 'Knower'} (${info.at})`;
}

function alreadyUndone(target: CommitInfo, undo: string): UndoReport {
  const short = undo.slice(0, 7);
  return {
    status: 'already_undone',
    of: target.commit,
    ...(target.updateId ? { update_id: target.updateId } : {}),
    commit: undo,
    reverted: [],
    conflicts: [],
    message: `Already undone by commit ${short}: nothing was changed. Undo ${short} to put it back.`,
  };
}

/** Who changed each path after the target commit, newest first. */
async function changedSince(host: RunHost, target: CommitInfo, paths: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const rel of paths) {
    const later = await versionsOf(host.ctx.repo.git, rel, { limit: 20 });
    out.set(
      rel,
      later
        .map((v) => host.ctx.commits.get(v.commit))
        .filter((i): i is CommitInfo => !!i && i.seq > target.seq)
        .map(describe),
    );
  }
  return out;
}

/** What the undo did, as changes (a file put back where the commit had moved it from is a move back). */
function revertedChanges(raw: RawChange[], results: PathRevert[]) {
  const byPath = new Map(raw.map((c) => [c.path, c]));
  return kindsOf(
    results.flatMap((r) => {
      const c = byPath.get(r.path);
      if (r.result !== 'reverted' || !c) return [];
      return [{ path: r.path, before: r.did === 'created' ? null : c.after, after: r.did === 'deleted' ? null : c.before }];
    }),
  );
}

/**
 * Reverses exactly what one commit changed. A file changed since is merged: the commit's lines
 * that are still as it left them are reverted, the rest is left alone and explained in an inbox
 * item. The undo is itself a commit, so it can be undone in turn.
 */
export async function undoCommit(host: RunHost, target: CommitInfo): Promise<HistoryOutcome<UndoReport>> {
  // Undoing a forget would need what it took out: only its backup has that (knower forget --restore).
  if (target.kind === 'forget') return fail('not_undoable', `${target.commit.slice(0, 7)} records a forget; while its backup waits, \`knower forget --restore\` puts it back`);
  if (target.kind === 'hand' || target.kind === 'snapshot') {
    return fail('not_undoable', `${target.commit.slice(0, 7)} records ${target.kind === 'hand' ? 'hand edits' : 'the first snapshot'}; restore a note to an earlier version instead`);
  }
  // Undone already (a second click, the CLI after the app): reverting again would merge the
  // change out of files that no longer hold it and file a conflict about it. Nothing is done.
  const standing = host.ctx.commits.standingUndo(target.commit);
  if (standing) return { ok: true, value: alreadyUndone(target, standing) };
  await host.settle();
  const { ctx } = host;
  const raw = (await changesOf(ctx.repo.git, [target.commit])).get(target.commit) ?? [];
  const blobs = await readBlobs(
    ctx.repo.git,
    raw.flatMap((c) => [c.before, c.after].filter((id): id is string => id !== null)),
  );
  const { value, info } = await host.journaled('undo', async (run) => {
    const results: PathRevert[] = [];
    for (const change of raw) results.push(await revertPath(run, change, blobs));
    const unreverted = results.filter((r): r is Unreverted => r.result === 'partial' || r.result === 'conflict');
    const now = ctx.clock();
    let inboxId: string | undefined;
    if (unreverted.length) {
      inboxId = await writeUndoItem(run, {
        id: `undo-${now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}-${randomBytes(3).toString('hex')}`,
        target,
        unreverted,
        reverted: results.filter((r) => r.result === 'reverted').map((r) => r.path),
        changedBy: await changedSince(
          host,
          target,
          unreverted.map((u) => u.path),
        ),
        at: now,
      });
    }
    return {
      value: { results, unreverted, inboxId },
      meta: { kind: 'undo', undoes: target.commit, undoneSubject: target.subject, conflicts: unreverted.length, at: now.toISOString() },
    };
  });
  const reverted = revertedChanges(raw, value.results);
  const status = value.unreverted.length ? 'partial' : reverted.length ? 'undone' : 'nothing';
  const message =
    status === 'nothing'
      ? 'Nothing to revert: every file already holds what it had before the change.'
      : status === 'undone'
        ? `Reverted ${reverted.length} file change(s).`
        : `Reverted what applied cleanly; ${value.unreverted.length} file(s) changed since could not be reverted: see inbox item ${value.inboxId}.`;
  return {
    ok: true,
    value: {
      status,
      of: target.commit,
      ...(target.updateId ? { update_id: target.updateId } : {}),
      commit: info?.commit ?? null,
      reverted,
      conflicts: value.unreverted.map((u) => ({ path: u.path, reason: u.reason })),
      ...(value.inboxId ? { inbox_id: value.inboxId } : {}),
      message,
    },
  };
}
