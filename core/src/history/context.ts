import type { Logger } from '../logger.js';
import { versionKey } from '../vault/index.js';
import { writeBlob } from './git-objects.js';
import type { CommitInfo, CommitLog } from './commit-log.js';
import type { Repo } from './repo.js';

/** What the history's parts share: the vault, the repository and the commit log. */
export interface HistoryContext {
  root: string;
  repo: Repo;
  commits: CommitLog;
  log: Logger;
  clock: () => Date;
  /** A commit landed: tell clients. */
  published(info: CommitInfo): void;
  keys: BlobKeys;
}

/**
 * Version keys (content less the job's frontmatter fields) of blobs this process stored: telling
 * a job stamp from an edit then needs no `git cat-file` for the files that change most.
 */
export class BlobKeys {
  private readonly keys = new Map<string, string>();

  constructor(private readonly max = 20_000) {}

  note(id: string, bytes: Uint8Array): void {
    this.keys.set(id, versionKey(bytes));
    if (this.keys.size > this.max) this.keys.delete(this.keys.keys().next().value as string);
  }

  get(id: string): string | undefined {
    return this.keys.get(id);
  }
}

/** Stores bytes as a blob of the repository, remembering their version key. */
export async function storeBlob(ctx: HistoryContext, bytes: Uint8Array): Promise<string> {
  const id = await writeBlob(ctx.repo.git.gitDir, bytes);
  ctx.keys.note(id, bytes);
  return id;
}

/** Runs `fn` over `items`, at most `limit` at a time, results in order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await fn(items[i] as T, i);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
