import type { Logger } from '../logger.js';
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
}

/** Runs `fn` over `items`, at most `limit` at a time, results in order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await fn(items[i] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
