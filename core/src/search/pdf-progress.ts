import type { PdfCounts, StatusResult } from './worker/protocol.js';

/** While PDFs wait to be read, the index is asked how far it got this often: their reading reports no result of its own. */
const PDF_POLL_MS = 2_000;

export interface PdfProgressDeps {
  /** The index's status now; undefined when it could not say. */
  ask: () => Promise<StatusResult | undefined>;
  /** What a poll learnt of the whole index (the counts of PDFs among it). */
  seen: (status: StatusResult) => void;
  closed: () => boolean;
  pollMs?: number;
}

/** The PDFs as the index lane counts them; while some wait to be read, the lane is asked again until none does. */
export class PdfProgress {
  private last: PdfCounts | undefined;
  private poll: NodeJS.Timeout | undefined;

  constructor(private readonly deps: PdfProgressDeps) {}

  note(counts: PdfCounts | undefined): void {
    if (!counts) return;
    this.last = counts;
    if (counts.waiting === 0 || this.poll || this.deps.closed()) return;
    this.poll = setTimeout(() => {
      void this.deps.ask().then((status) => {
        // Cleared only once answered: one poll at a time, however slow the lane is.
        this.poll = undefined;
        if (status) this.deps.seen(status);
      });
    }, this.deps.pollMs ?? PDF_POLL_MS);
    this.poll.unref();
  }

  get counts(): PdfCounts | undefined {
    return this.last;
  }

  close(): void {
    clearTimeout(this.poll);
  }
}
