import { readFile } from 'node:fs/promises';
import { readJournal } from '../vault/index.js';
import type { CommitInfo } from './commit-log.js';
import { AUTHORS, infoFor, messageFor, type RunMeta } from './commit-message.js';
import { storeBlob, type HistoryContext } from './context.js';
import { foldJournal } from './run-changes.js';
import { commitSnapshot, MAX_FILE_BYTES } from './snapshot.js';
import type { TreeChange } from './repo.js';

const bytesOf = async (file: string | null) => (file ? await readFile(file) : null);

export interface RunToCommit {
  dir: string;
  meta: RunMeta;
  /** Hand edits waiting for their snapshot: committed first, so the run's parent is what the person had. */
  handEdits: string[];
  owned: () => Promise<Set<string>>;
}

/**
 * One run, one commit, of exactly the paths its journal touched, with the bytes the journal
 * recorded (a hand edit landing a moment after the run's write is not the run's). Before it, a
 * hand-edit commit of what the person had: pending hand edits, and for each path the run
 * touched, the bytes it found there.
 */
export async function commitRun(ctx: HistoryContext, run: RunToCommit): Promise<{ info: CommitInfo | null; settled: string[] }> {
  const paths = foldJournal(ctx.root, await readJournal(run.dir));
  const befores = new Map<string, Buffer | null>();
  for (const p of paths) befores.set(p.rel, await bytesOf(p.beforeFile));
  const at = run.meta.at;
  const { settled } = await commitSnapshot(ctx, {
    read: run.handEdits.filter((rel) => !befores.has(rel)),
    known: befores,
    owned: run.owned,
    meta: (changed) => ({ kind: 'hand', paths: changed, at }),
  });
  const changes: TreeChange[] = [];
  for (const p of paths) {
    const after = await bytesOf(p.afterFile);
    if (after && after.length > MAX_FILE_BYTES) continue;
    changes.push({ path: p.rel, blob: after ? await storeBlob(ctx, after) : null });
  }
  const made = await ctx.repo.commit({ changes, message: messageFor(run.meta), author: AUTHORS[run.meta.kind], date: new Date(run.meta.at) });
  if (!made) return { info: null, settled };
  const info = ctx.commits.add(infoFor(run.meta, made.commit, made.parent));
  ctx.published(info);
  return { info, settled };
}
