import { createIndexCalls } from './index-calls.js';
import { IndexReport } from './index-report.js';
import { createIndexRepair } from './index-repair.js';
import { OwedSaves } from './owed-saves.js';
import { restartingSentence } from './restart-backoff.js';
import type { SearchWorkers } from './search-workers.js';
import type { SearchLog } from './types.js';
import type { WorkerCall, WorkerClient } from './worker-client.js';
import { isDamage, type ScanProgress, type StatusResult, type SyncResult } from './worker/protocol.js';

export interface IndexKeeperDeps {
  indexer: WorkerClient;
  searchers: Pick<SearchWorkers, 'restart'>;
  log: SearchLog;
  syncMs: number;
  closed: () => boolean;
  /** Something in search changed: the next embed has work. */
  changed: () => void;
}

/** A save the index could not take now (its worker waits out a back-off, or its file is being replaced): done once it can. */
type Owed = 'owed';

export type IndexKeeper = ReturnType<typeof createIndexKeeper>;

/**
 * The service's side of the index lane: the passes over the vault and the saves it takes, kept
 * going through the worker's crashes (index-calls.ts) and the index's damage (index-repair.ts),
 * and what it reports (index-report.ts): notes in search, notes over the budget, notes set
 * aside, the PDFs, the last save. A save the index cannot take at once is owed (owed-saves.ts):
 * taken as soon as the worker is back.
 */
export function createIndexKeeper(deps: IndexKeeperDeps) {
  const { indexer, log } = deps;
  const calls = createIndexCalls({ indexer, log, closed: deps.closed });
  const repair = createIndexRepair({ calls, restartSearchers: (why) => deps.searchers.restart(why), log });
  const askStatus = (timeoutMs = deps.syncMs) => calls.call('status', undefined, { timeoutMs }).then((res) => (res.ok ? res.value : undefined));
  const report = new IndexReport({ indexer, log, askStatus: () => askStatus(), closed: deps.closed, changed: deps.changed });
  const owed = new OwedSaves(() => void takeOwed());
  let complete = false;
  let scanning = false;

  /**
   * A pass over the whole vault into the index; a damaged index found meanwhile (by this pass or
   * by a search) is replaced and the pass made again into the new one.
   */
  async function scanIndex(onBatch: (batch: SyncResult, progress: ScanProgress) => void): Promise<WorkerCall<ScanProgress>> {
    scanning = true;
    try {
      for (;;) {
        const started = Date.now();
        const res = await calls.call('scan', undefined, {
          wait: true,
          onBatch: (batch, progress) => {
            report.noteSync(batch, Date.now() - started);
            repair.progress(progress);
            onBatch(batch, progress);
          },
        });
        report.noteOpened();
        if (!res.ok && isDamage(res.code)) repair.found(res.error);
        if (repair.pending === undefined) {
          if (res.ok) {
            complete = true;
            owed.take(); // the pass looked at every file
            repair.done();
          }
          return res;
        }
        if (!(await repair.reopen())) return res;
        complete = false;
      }
    } finally {
      scanning = false;
    }
  }

  /** A lane found the index damaged: it is replaced and filled again, unless a pass under way does it. */
  function damaged(why: string): void {
    repair.found(why);
    if (!scanning && !deps.closed()) void scanIndex(() => undefined).then(() => takeOwed());
  }

  /** Saves owed while the worker was down, once it is back. */
  async function takeOwed(): Promise<void> {
    if (owed.size === 0 || deps.closed()) return;
    await sync(owed.take());
  }

  /** These paths as they are on disk now, into the index; 'owed' when it cannot take them now (see owed-saves.ts). */
  async function sync(paths: readonly string[]): Promise<WorkerCall<SyncResult> | Owed> {
    const started = Date.now();
    const res = await calls.call('sync', { paths: [...paths] }, { timeoutMs: deps.syncMs });
    report.noteOpened();
    if (res.ok) {
      report.noteSync(res.value, Date.now() - started);
      return res;
    }
    report.noteFailedSync(paths.length, Date.now() - started, res.error);
    if (isDamage(res.code)) damaged(res.error);
    if (res.restartAt !== undefined || isDamage(res.code)) {
      owed.owe(paths, res.restartAt);
      return 'owed';
    }
    return res;
  }

  return {
    /** Opens the index (its worker starts): what it holds, or why it cannot open. */
    async open(): Promise<WorkerCall<StatusResult>> {
      const res = await calls.call('status', undefined, { timeoutMs: deps.syncMs, wait: true });
      report.noteOpened();
      if (res.ok) {
        complete = res.value.complete;
        report.noteStatus(res.value);
      }
      return res;
    },
    scan: scanIndex,
    sync,
    damaged,
    /** Notes in search, asked of the index itself. */
    documents: async (timeoutMs: number): Promise<number | undefined> => (await askStatus(timeoutMs))?.documents,
    /** Drops what the index still keeps of text no longer in the vault (a forget): waits out a restart. */
    purge: (): Promise<WorkerCall<null>> => calls.call('purge', undefined, { timeoutMs: deps.syncMs, wait: true }),
    get complete() {
      return complete;
    },
    /** Why the index cannot serve in full right now: its worker restarting, or a damaged index being rebuilt. */
    problem(): string | undefined {
      const restartAt = indexer.restartAt;
      return restartAt === undefined ? repair.status() : restartingSentence(indexer.crashes, restartAt);
    },
    status() {
      return {
        ...(report.documents !== undefined && { documents: report.documents }),
        partial: !complete,
        ...report.status(),
        ...(owed.size > 0 && { owed: owed.size }),
      };
    },
    close(): void {
      owed.close();
      report.close();
    },
  };
}
