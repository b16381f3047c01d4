import { isHistoryPath } from './run-changes.js';

/**
 * Paths the person changed since the last snapshot. A snapshot is due once the vault has been
 * quiet for `quietMs`, or `maxWaitMs` after the first change however busy it stays: edits made
 * in one sitting land in one commit, and typing all afternoon still gets committed.
 */
export class HandEditBatch {
  /** Path → when it was last reported (a counter): a change reported during a snapshot is not lost to it. */
  private readonly paths = new Map<string, number>();
  private reports = 0;
  private quietTimer: NodeJS.Timeout | undefined;
  private maxTimer: NodeJS.Timeout | undefined;

  constructor(private readonly opts: { quietMs: number; maxWaitMs: number; due: () => void }) {}

  add(rel: string): void {
    if (!isHistoryPath(rel)) return;
    this.paths.set(rel, ++this.reports);
    this.schedule();
  }

  /** Looks again later (paths a run still owns stay in the batch). */
  schedule(): void {
    if (this.paths.size === 0) return;
    clearTimeout(this.quietTimer);
    this.quietTimer = setTimeout(() => this.fire(), this.opts.quietMs);
    this.maxTimer ??= setTimeout(() => this.fire(), this.opts.maxWaitMs);
  }

  /** The paths waiting now, with when each was last reported. */
  list(): Map<string, number> {
    return new Map(this.paths);
  }

  /** Done with these, as they were when listed: a path reported again since stays. */
  settle(rels: Iterable<string>, listed: ReadonlyMap<string, number>): void {
    for (const rel of rels) if (this.paths.get(rel) === listed.get(rel)) this.paths.delete(rel);
  }

  get size(): number {
    return this.paths.size;
  }

  close(): void {
    clearTimeout(this.quietTimer);
    clearTimeout(this.maxTimer);
    this.quietTimer = this.maxTimer = undefined;
  }

  private fire(): void {
    this.close();
    this.opts.due();
  }
}
