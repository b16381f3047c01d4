import type { UpdateJournal } from '../queue/index.js';
import type { CommitInfo } from './commit-log.js';
import type { RunMeta } from './commit-message.js';
import type { HistoryContext } from './context.js';

/** What undo and restore need from the history: a settled repository and a journaled run of their own. */
export interface RunHost {
  ctx: HistoryContext;
  /** Commits pending hand edits and waits until every run handed over is committed. */
  settle(): Promise<void>;
  /**
   * Runs `work` with each of its vault writes recorded durably before it happens (a crash
   * midway is rolled back at the next start), then commits the writes as one commit.
   */
  journaled<T>(kind: 'undo' | 'restore', work: (journal: UpdateJournal) => Promise<{ value: T; meta: RunMeta }>): Promise<{ value: T; info: CommitInfo | null }>;
}
