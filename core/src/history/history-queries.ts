import type { UpdateRecord } from '../records/index.js';
import type { CommitInfo, CommitKind } from './commit-log.js';
import { shorten } from './commit-message.js';
import type { HistoryContext } from './context.js';
import { diffText, unifiedText } from './file-diff.js';
import { changesOf, readBlobs, versionsOf, type RawChange } from './repo-read.js';
import { kindsOf } from './run-changes.js';
import type { CommitDiff, FileDiff, HistoryEntry, NoteVersion } from './types.js';

type RecordOf = (id: string) => UpdateRecord | undefined;

export function entryOf(info: CommitInfo, raw: RawChange[], ctx: HistoryContext, recordOf: RecordOf): HistoryEntry {
  const record = info.updateId ? recordOf(info.updateId) : undefined;
  return {
    commit: info.commit,
    parent: info.parent,
    kind: info.kind,
    at: info.at,
    author: info.author,
    title: info.subject,
    ...(record ? { update: { id: record.id, status: record.status, text: shorten(record.text, 300), ...(record.summary ? { summary: record.summary } : {}) } } : {}),
    ...(info.undoes ? { undoes: info.undoes } : {}),
    undone_by: ctx.commits.undoneByOf(info.commit),
    ...(info.restoredFrom ? { restored_from: info.restoredFrom } : {}),
    changes: kindsOf(raw),
  };
}

/** A page of the history, newest first; `next` is the cursor of the page after it. */
export async function listHistory(
  ctx: HistoryContext,
  recordOf: RecordOf,
  opts: { limit: number; before?: number; kinds?: ReadonlySet<CommitKind> },
): Promise<{ entries: HistoryEntry[]; next?: number }> {
  const page = ctx.commits.page(opts);
  const raw = await changesOf(
    ctx.repo.git,
    page.entries.map((e) => e.commit),
  );
  return { entries: page.entries.map((info) => entryOf(info, raw.get(info.commit) ?? [], ctx, recordOf)), ...(page.next ? { next: page.next } : {}) };
}

/** Every file a commit changed, with hunks against its parent (and word-level pieces with `words`). */
export async function diffCommit(ctx: HistoryContext, info: CommitInfo, opts: { words?: boolean }): Promise<CommitDiff> {
  const raw = (await changesOf(ctx.repo.git, [info.commit])).get(info.commit) ?? [];
  const byPath = new Map(raw.map((c) => [c.path, c]));
  const blobs = await readBlobs(
    ctx.repo.git,
    raw.flatMap((c) => [c.before, c.after].filter((id): id is string => id !== null)),
  );
  const blob = (id: string | null | undefined) => (id ? (blobs.get(id) ?? null) : null);
  const files: FileDiff[] = kindsOf(raw).map((change) => {
    const before = blob(byPath.get(change.from ?? change.path)?.before);
    const after = blob(byPath.get(change.path)?.after);
    const diff = diffText(before, after, opts);
    return { ...change, ...diff, patch: unifiedText(change.path, change.from ?? undefined, diff.hunks) };
  });
  return { commit: info.commit, parent: info.parent, kind: info.kind, ...(info.updateId ? { update_id: info.updateId } : {}), files };
}

/** A note's versions, newest first: who changed it, when, and the diff of each change. */
export async function noteVersions(ctx: HistoryContext, rel: string, opts: { limit: number; before?: string }): Promise<{ versions: NoteVersion[]; next?: string }> {
  const found = await versionsOf(ctx.repo.git, rel, { limit: opts.limit + 1, ...(opts.before ? { before: opts.before } : {}) });
  const page = found.slice(0, opts.limit);
  const whole = await changesOf(
    ctx.repo.git,
    page.map((v) => v.commit),
  );
  const blobs = await readBlobs(
    ctx.repo.git,
    page.flatMap((v) => [v.change.before, v.change.after].filter((id): id is string => id !== null)),
  );
  const versions: NoteVersion[] = [];
  for (const { commit, change } of page) {
    const info = ctx.commits.get(commit);
    if (!info) continue;
    const kinds = kindsOf(whole.get(commit) ?? []);
    const movedIn = kinds.find((k) => k.path === rel && k.kind === 'moved');
    const movedOut = kinds.find((k) => k.from === rel);
    const kind = movedIn || movedOut ? 'moved' : change.before && change.after ? 'edited' : change.after ? 'created' : 'deleted';
    const diff = movedIn || movedOut ? { hunks: [] } : diffText(change.before ? (blobs.get(change.before) ?? null) : null, change.after ? (blobs.get(change.after) ?? null) : null);
    versions.push({
      commit,
      kind: info.kind,
      at: info.at,
      author: info.author,
      title: info.subject,
      ...(info.updateId ? { update_id: info.updateId } : {}),
      change: { kind, ...(movedIn?.from ? { from: movedIn.from } : {}), ...(movedOut ? { to: movedOut.path } : {}) },
      ...diff,
    });
  }
  return { versions, ...(found.length > opts.limit && page.length ? { next: (page.at(-1) as { commit: string }).commit } : {}) };
}
