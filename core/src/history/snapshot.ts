import { lstat } from 'node:fs/promises';
import path from 'node:path';
import type { CommitInfo } from './commit-log.js';
import { AUTHORS, infoFor, messageFor, type RunMeta } from './commit-message.js';
import { mapLimit, type HistoryContext } from './context.js';
import { readForHistory } from './history-file.js';
import type { TreeChange } from './repo.js';
import { EMPTY_TREE, TREE_MODE, type GitTreeEntry } from './tree-object.js';
import { ChangedPaths, VaultWalk, type FileState } from './vault-walk.js';

export { MAX_FILE_BYTES, readForHistory } from './history-file.js';

const isFolder = (abs: string) =>
  lstat(abs).then(
    (info) => info.isDirectory(),
    () => false,
  );

export interface SnapshotInput {
  /** Paths to read from the vault now (files, folders, or paths gone). */
  read: string[];
  /** Paths whose content is known already (what a run found before changing them). */
  known?: ReadonlyMap<string, Buffer | null>;
  /**
   * Paths touched by runs whose commits are not made yet. Asked after the reads: a run journals
   * a change before making it, so any run's write seen on disk is in this set.
   */
  owned: () => Promise<Set<string>>;
  meta: (paths: string[]) => RunMeta;
}

const toChange = (rel: string, entry: GitTreeEntry | undefined): TreeChange => (entry?.mode === TREE_MODE ? { path: rel, tree: entry.id } : { path: rel, blob: entry?.id ?? null });

/**
 * Commits what the person changed at some paths. A path that differs from the history only in
 * the fields the background job keeps is not a change of theirs. Returns the paths read that
 * are settled (committed or unchanged); owned ones are left.
 */
export async function commitSnapshot(ctx: HistoryContext, input: SnapshotInput): Promise<{ settled: string[]; info: CommitInfo | null }> {
  const changed = new ChangedPaths(true);
  const known = input.known ?? new Map<string, Buffer | null>();
  const walk = new VaultWalk(ctx, { owned: input.owned, changed, skip: new Set(known.keys()) });
  const read = [...new Set(input.read)].filter((rel) => !known.has(rel));
  const heads = await ctx.repo.entriesAt([...read, ...known.keys()]);
  const changes: TreeChange[] = [];
  const settled: string[] = [];
  const files: string[] = [];
  for (const rel of read) {
    // The watcher reports a folder moved in as the folder alone: its files are what changed.
    if (!(await isFolder(path.join(ctx.root, rel)))) {
      files.push(rel);
      continue;
    }
    const ownedBefore = walk.ownedSeen;
    const entry = await walk.folder(rel, heads.get(rel));
    if (entry !== heads.get(rel)) changes.push(toChange(rel, entry));
    if (walk.ownedSeen === ownedBefore) settled.push(rel);
  }
  const seen = await mapLimit(files, 32, async (rel) => ({ rel, bytes: await readForHistory(path.join(ctx.root, rel)) }));
  const owned = await input.owned();
  const states: FileState[] = [];
  for (const { rel, bytes } of seen) {
    if (owned.has(rel)) continue;
    settled.push(rel);
    if (bytes !== undefined) states.push({ rel, bytes, head: heads.get(rel) });
  }
  // Last: what a run found at its paths wins over what a folder's walk read there since.
  for (const [rel, bytes] of known) states.push({ rel, bytes, head: heads.get(rel), known: true });
  const made = await walk.files(states, owned);
  states.forEach((s, k) => {
    if (made[k] !== s.head) changes.push(toChange(s.rel, made[k]));
  });
  if (changes.length === 0) return { settled, info: null };
  return { settled, info: await record(ctx, { changes }, input.meta(changed.sorted())) };
}

/**
 * The whole vault against the history, committed as one: the first snapshot, or what changed
 * while Knower was stopped. Streamed folder by folder (see VaultWalk); null when nothing changed.
 */
export async function commitVault(
  ctx: HistoryContext,
  input: { owned: () => Promise<Set<string>>; meta: (changed: ChangedPaths) => RunMeta; listPaths: boolean; stopped?: () => boolean },
): Promise<CommitInfo | null> {
  const changed = new ChangedPaths(input.listPaths);
  const head: GitTreeEntry | undefined = ctx.repo.head ? { mode: TREE_MODE, id: ctx.repo.headTree } : undefined;
  const walk = new VaultWalk(ctx, { owned: input.owned, changed, rememberKeys: false, ...(input.stopped ? { stopped: input.stopped } : {}) });
  const root = await walk.folder('', head);
  // Stopped half way (the service is closing): nothing is committed; the next start walks again.
  if (root === head || walk.stoppedEarly) return null;
  return record(ctx, { tree: root?.id ?? EMPTY_TREE }, input.meta(changed));
}

async function record(ctx: HistoryContext, what: { changes: TreeChange[] } | { tree: string }, meta: RunMeta): Promise<CommitInfo | null> {
  const made = await ctx.repo.commit({ ...what, message: messageFor(meta), author: AUTHORS[meta.kind], date: new Date(meta.at) });
  if (!made) return null;
  const info = ctx.commits.add(infoFor(meta, made.commit, made.parent));
  ctx.published(info);
  return info;
}
