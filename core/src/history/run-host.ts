import type { UpdateJournal, VaultAccess } from '../vault/index.js';
import type { CommitInfo } from './commit-log.js';
import type { RunMeta } from './commit-message.js';
import type { HistoryContext } from './context.js';

/** An undo's or a restore's hold on the vault: a writer that journals each change, and the journal. */
export interface JournaledRun extends VaultAccess {
  journal: UpdateJournal;
}

/** What undo and restore need from the history: a settled repository and a journaled run of their own. */
export interface RunHost {
  ctx: HistoryContext;
  /** Commits pending hand edits and waits until every run handed over is committed. */
  settle(): Promise<void>;
  /**
   * Runs `work` with a writer that records each vault change durably before it happens (a crash
   * midway is rolled back at the next start), then commits the changes as one commit.
   */
  journaled<T>(kind: 'undo' | 'restore', work: (run: JournaledRun) => Promise<{ value: T; meta: RunMeta }>): Promise<{ value: T; info: CommitInfo | null }>;
}
