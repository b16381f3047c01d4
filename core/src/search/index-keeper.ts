import { createIndexCalls } from './index-calls.js';
import { createIndexRepair } from './index-repair.js';
import { createOversizedNotes } from './oversized-notes.js';
import type { SearchWorkers } from './search-workers.js';
import { createSetAsideNotes } from './set-aside-notes.js';
import type { QmdStatus, SearchLog } from './types.js';
import type { WorkerCall, WorkerClient } from './worker-client.js';
import { isDamage, type PdfCounts, type ScanProgress, type StatusResult, type SyncResult } from './worker/protocol.js';

/** While PDFs wait to be read, the index is asked how far it got this often: their reading reports no result of its own. */
const PDF_POLL_MS = 2_000;

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
 * and what it reports: notes in search, notes over the budget, notes set aside, the last save.
 * A save the index cannot take at once is owed: taken as soon as the worker is back.
 */
export function createIndexKeeper(deps: IndexKeeperDeps) {
  const { indexer, log } = deps;
  const calls = createIndexCalls({ indexer, log, closed: deps.closed });
  const repair = createIndexRepair({ calls, restartSearchers: (why) => deps.searchers.restart(why), log });
  const oversized = createOversizedNotes();
  const setAside = createSetAsideNotes();
  const owed = new Set<string>();
  let catchUp: NodeJS.Timeout | undefined;
  let documents: number | undefined;
  let complete = false;
  let scanning = false;
  let lastSync: QmdStatus['lastSync'];
  let pdfs: PdfCounts | undefined;
  let pdfPoll: NodeJS.Timeout | undefined;

  /** The PDFs as the lane counts them; while some wait, asked again until none does. */
  function notePdfs(counts: PdfCounts | undefined): void {
    if (!counts) return;
    pdfs = counts;
    if (counts.waiting === 0 || pdfPoll || deps.closed()) return;
    pdfPoll = setTimeout(() => {
      void calls.call('status', undefined, { timeoutMs: deps.syncMs }).then((res) => {
        pdfPoll = undefined;
        if (!res.ok) return;
        documents = res.value.documents;
        setAside.replace(res.value.setAside);
        notePdfs(res.value.pdfs);
      });
    }, PDF_POLL_MS);
    pdfPoll.unref();
  }

  function noteSync(result: SyncResult, ms: number): void {
    if (result.documents !== undefined) documents = result.documents;
    notePdfs(result.pdfs);
    oversized.note(result);
    setAside.note(result);
    if (result.upserts.some((f) => f.indexed) || result.removed.length > 0) deps.changed();
    lastSync = { at: new Date().toISOString(), ms, ok: true, files: result.upserts.length + result.removed.length };
  }

  let seenStarts = 0;
  /** What the lane said on opening, once per opening: the notes set aside then, and what it rebuilt. */
  function noteOpened(): void {
    if (indexer.starts === seenStarts) return;
    seenStarts = indexer.starts;
    const opened = indexer.opened;
    setAside.replace(opened?.setAside);
    if (opened?.rebuilt) log('warn', 'search index rebuilt', { reason: opened.rebuilt });
  }

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
            noteSync(batch, Date.now() - started);
            repair.progress(progress);
            onBatch(batch, progress);
          },
        });
        noteOpened();
        if (!res.ok && isDamage(res.code)) repair.found(res.error);
        if (repair.pending === undefined) {
          if (res.ok) {
            complete = true;
            owed.clear(); // the pass looked at every file
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
    const paths = [...owed];
    owed.clear();
    await sync(paths);
  }

  function owe(paths: readonly string[], restartAt: number | undefined): void {
    for (const p of paths) owed.add(p);
    if (restartAt === undefined || catchUp) return;
    catchUp = setTimeout(
      () => {
        catchUp = undefined;
        void takeOwed();
      },
      Math.max(0, restartAt - Date.now()),
    );
    catchUp.unref();
  }

  /** These paths as they are on disk now, into the index; 'owed' when it cannot take them now (see owe). */
  async function sync(paths: readonly string[]): Promise<WorkerCall<SyncResult> | Owed> {
    const started = Date.now();
    const res = await calls.call('sync', { paths: [...paths] }, { timeoutMs: deps.syncMs });
    noteOpened();
    if (res.ok) {
      noteSync(res.value, Date.now() - started);
      return res;
    }
    lastSync = { at: new Date().toISOString(), ms: Date.now() - started, ok: false, files: paths.length, error: res.error };
    if (isDamage(res.code)) damaged(res.error);
    if (res.restartAt !== undefined || isDamage(res.code)) {
      owe(paths, res.restartAt);
      return 'owed';
    }
    return res;
  }

  return {
    /** Opens the index (its worker starts): what it holds, or why it cannot open. */
    async open(): Promise<WorkerCall<StatusResult>> {
      const res = await calls.call('status', undefined, { timeoutMs: deps.syncMs, wait: true });
      noteOpened();
      if (res.ok) {
        documents = res.value.documents;
        complete = res.value.complete;
        setAside.replace(res.value.setAside);
        notePdfs(res.value.pdfs);
      }
      return res;
    },
    scan: scanIndex,
    sync,
    damaged,
    /** Notes in search, asked of the index itself. */
    async documents(timeoutMs: number): Promise<number | undefined> {
      const res = await calls.call('status', undefined, { timeoutMs });
      return res.ok ? res.value.documents : undefined;
    },
    /** Drops what the index still keeps of text no longer in the vault (a forget): waits out a restart. */
    purge(): Promise<WorkerCall<null>> {
      return calls.call('purge', undefined, { timeoutMs: deps.syncMs, wait: true });
    },
    get complete() {
      return complete;
    },
    /** Why the index cannot serve in full right now: its worker restarting, or a damaged index being rebuilt. */
    problem(): string | undefined {
      const restartAt = indexer.restartAt;
      if (restartAt !== undefined) {
        const { inARow, last } = indexer.crashes;
        return `the index worker is restarting after ${inARow} crashes in a row (the last: ${last ?? 'unknown'}); it starts again in ${Math.ceil((restartAt - Date.now()) / 1000)} s`;
      }
      return repair.status();
    },
    status() {
      return {
        ...(documents !== undefined && { documents }),
        partial: !complete,
        noteBudget: oversized.status(),
        setAside: setAside.status(),
        ...(pdfs && { pdfs }),
        ...(lastSync && { lastSync }),
        ...(owed.size > 0 && { owed: owed.size }),
      };
    },
    close(): void {
      clearTimeout(catchUp);
      clearTimeout(pdfPoll);
    },
  };
}
