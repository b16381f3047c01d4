import { lstat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { isTextContent, versionKey } from '../vault/index.js';
import type { CommitInfo } from './commit-log.js';
import { AUTHORS, infoFor, messageFor, type RunMeta } from './commit-message.js';
import { mapLimit, storeBlob, type HistoryContext } from './context.js';
import { blobId } from './git-objects.js';
import { readBlobs } from './repo-read.js';
import { scanFolder } from './vault-scan.js';
import type { TreeChange } from './repo.js';

/** Larger files stay out of the history (a video would bloat it for every version). */
export const MAX_FILE_BYTES = 32 * 1024 * 1024;

const isFolder = (abs: string) => lstat(abs).then((info) => info.isDirectory(), () => false);

/** A vault file's bytes: null when absent, undefined when the history leaves it out (folder, symlink, too large). */
export async function readForHistory(abs: string): Promise<Buffer | null | undefined> {
  try {
    const info = await lstat(abs);
    if (!info.isFile() || info.size > MAX_FILE_BYTES) return undefined;
    return await readFile(abs);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw err;
  }
}

export interface SnapshotInput {
  /** Paths to read from the vault now. */
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

/**
 * Commits what the person changed (or, the first time, the whole vault). A path that differs
 * from the history only in the fields the background job keeps is not a change of theirs.
 * Returns the paths read that are settled (committed or unchanged); owned ones are left.
 */
export async function commitSnapshot(ctx: HistoryContext, input: SnapshotInput): Promise<{ settled: string[]; info: CommitInfo | null }> {
  const tree = ctx.repo.tree;
  // The watcher reports a folder moved in as the folder alone: its files are what changed.
  const read = (await mapLimit(input.read, 32, async (rel) => ((await isFolder(path.join(ctx.root, rel))) ? [rel, ...(await scanFolder(ctx.root, rel))] : [rel]))).flat();
  const seen = await mapLimit(read, 32, async (rel) => [rel, await readForHistory(path.join(ctx.root, rel))] as const);
  const owned = await input.owned();
  const wanted = new Map<string, Buffer | null>();
  const settled: string[] = [];
  for (const [rel, bytes] of seen) {
    if (owned.has(rel)) continue;
    settled.push(rel);
    if (bytes !== undefined) wanted.set(rel, bytes);
  }
  for (const [rel, bytes] of input.known ?? []) wanted.set(rel, bytes);
  // A folder removed: the files the history has under it go too.
  for (const [rel, bytes] of [...wanted]) {
    if (bytes !== null || tree.has(rel)) continue;
    for (const tracked of tree.keys()) if (tracked.startsWith(`${rel}/`) && !owned.has(tracked) && !wanted.has(tracked)) wanted.set(tracked, null);
  }

  const differing = [...wanted].filter(([rel, bytes]) => (bytes === null ? tree.has(rel) : tree.get(rel) !== blobId(bytes)));
  const unknown = differing.flatMap(([rel, bytes]) => {
    const old = tree.get(rel);
    return bytes && isTextContent(bytes) && old && !ctx.keys.get(old) ? [old] : [];
  });
  const previous = await readBlobs(ctx.repo.git, unknown);
  const keyOf = (id: string | undefined) => (id ? (ctx.keys.get(id) ?? (previous.has(id) ? versionKey(previous.get(id) as Buffer) : undefined)) : undefined);
  const changes: TreeChange[] = [];
  await mapLimit(differing, 16, async ([rel, bytes]) => {
    if (bytes === null) return void changes.push({ path: rel, blob: null });
    if (isTextContent(bytes) && keyOf(tree.get(rel)) === versionKey(bytes)) return; // only the job's fields moved
    changes.push({ path: rel, blob: await storeBlob(ctx, bytes) });
  });
  if (changes.length === 0) return { settled, info: null };
  changes.sort((a, b) => a.path.localeCompare(b.path));
  const meta = input.meta(changes.map((c) => c.path));
  const made = await ctx.repo.commit({ changes, message: messageFor(meta), author: AUTHORS[meta.kind], date: new Date(meta.at) });
  if (!made) return { settled, info: null };
  const info = ctx.commits.add(infoFor(meta, made.commit, made.parent));
  ctx.published(info);
  return { settled, info };
}
