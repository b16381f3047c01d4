import { createOversizedNotes } from './oversized-notes.js';
import { PdfProgress } from './pdf-progress.js';
import { createSetAsideNotes } from './set-aside-notes.js';
import type { QmdStatus, SearchLog } from './types.js';
import type { WorkerClient } from './worker-client.js';
import type { StatusResult, SyncResult } from './worker/protocol.js';

export interface IndexReportDeps {
  indexer: Pick<WorkerClient, 'starts' | 'opened'>;
  log: SearchLog;
  /** The index's status now, for the PDFs' progress; undefined when it could not say. */
  askStatus: () => Promise<StatusResult | undefined>;
  closed: () => boolean;
  /** Something in search changed: the next embed has work. */
  changed: () => void;
}

/**
 * What the index lane says of itself, kept from its answers: notes in search, notes over the
 * budget, notes set aside, the PDFs read and waiting, the last save.
 */
export class IndexReport {
  private notesInSearch: number | undefined;
  private lastSync: QmdStatus['lastSync'];
  private seenStarts = 0;
  private readonly oversized = createOversizedNotes();
  private readonly setAside = createSetAsideNotes();
  private readonly pdfs: PdfProgress;

  constructor(private readonly deps: IndexReportDeps) {
    this.pdfs = new PdfProgress({ ask: deps.askStatus, seen: (status) => this.noteStatus(status), closed: deps.closed });
  }

  /** The index's own status: its notes, the notes set aside, its PDFs. */
  noteStatus(status: StatusResult): void {
    this.notesInSearch = status.documents;
    this.setAside.replace(status.setAside);
    this.pdfs.note(status.pdfs);
  }

  /** What a pass or a save found, `ms` after it was asked. */
  noteSync(result: SyncResult, ms: number): void {
    if (result.documents !== undefined) this.notesInSearch = result.documents;
    this.pdfs.note(result.pdfs);
    this.oversized.note(result);
    this.setAside.note(result);
    if (result.upserts.some((f) => f.indexed) || result.removed.length > 0) this.deps.changed();
    this.lastSync = { at: new Date().toISOString(), ms, ok: true, files: result.upserts.length + result.removed.length };
  }

  noteFailedSync(files: number, ms: number, error: string): void {
    this.lastSync = { at: new Date().toISOString(), ms, ok: false, files, error };
  }

  /** What the lane said on opening, once per opening: the notes set aside then, and what it rebuilt. */
  noteOpened(): void {
    const { indexer } = this.deps;
    if (indexer.starts === this.seenStarts) return;
    this.seenStarts = indexer.starts;
    const opened = indexer.opened;
    this.setAside.replace(opened?.setAside);
    if (opened?.rebuilt) this.deps.log('warn', 'search index rebuilt', { reason: opened.rebuilt });
  }

  /** Notes in search, as the lane last said. */
  get documents(): number | undefined {
    return this.notesInSearch;
  }

  /** The rest of the report, as /health shows it. */
  status() {
    const pdfs = this.pdfs.counts;
    return {
      noteBudget: this.oversized.status(),
      setAside: this.setAside.status(),
      ...(pdfs && { pdfs }),
      ...(this.lastSync && { lastSync: this.lastSync }),
    };
  }

  close(): void {
    this.pdfs.close();
  }
}
