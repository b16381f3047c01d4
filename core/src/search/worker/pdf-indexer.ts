import { lstatSync } from 'node:fs';
import path from 'node:path';
import type { Extraction, PdfText } from '../../capture/index.js';
import { isPdf } from '../../vault/indexed-set.js';
import type { NoteStore } from './note-store.js';
import { readPdfFile } from './pdf-file.js';
import type { PdfCounts } from './protocol.js';
import type { SetAsideNotes } from './set-aside.js';

/** Reads a PDF's text: the capture extractor, in a thread of its own (its budget bounds each PDF). */
export type PdfReader = (bytes: Buffer) => Promise<Extraction<PdfText>>;

/**
 * PDFs larger than this are indexed by their name: the bytes are held whole while they are read
 * (in this thread, then in the reader's), and a PDF this large is a scan or a book of images
 * far more often than text.
 */
const MAX_PDF_BYTES = 64 * 1024 * 1024;

const mb = (bytes: number) => `${Math.max(1, Math.round(bytes / (1024 * 1024)))} MB`;

/** What one reading comes to: text to index (and what part of the PDF it covers), or a PDF to set aside. */
type Outcome = { text: string; title?: string; said?: string } | { aside: string };

const nameOnly = (why: string) => `only its name is searchable: ${why}`;

function outcomeOf(read: Extraction<PdfText>): Outcome {
  if (!read.ok) {
    if (read.stopped) return { aside: `the PDF reader stopped while reading it (${read.message})` };
    return { text: '', said: nameOnly(read.code === 'encrypted' ? 'the PDF is protected by a password' : read.message) };
  }
  const { pages, totalPages, truncated, title } = read.value;
  // A form feed between pages: a snippet's offset tells its page (snippet.ts).
  const text = pages.map((page) => page.replaceAll('\f', ' ')).join('\f');
  const named = title ? { title } : {};
  if (!text.trim()) return { text: '', ...named, said: nameOnly('the PDF has no text layer (a scan?)') };
  if (!truncated) return { text, ...named };
  const said = pages.length < totalPages ? `only its first ${pages.length} of ${totalPages} pages are searchable` : `only its first ${text.length} characters are searchable`;
  return { text, ...named, said };
}

/**
 * Keeps the PDFs of the vault in search by their text. The scanner tells it of each PDF it looks
 * at (look); one it has not read as it is now waits its turn, and is read, one at a time, by the
 * reader's thread while this lane goes on indexing notes: only the final write is the lane's.
 * A PDF read before, unchanged in size and time, is never read again, across restarts (the
 * index keeps what it read, pdf-texts.ts). A PDF the reader dies on is set aside like a note
 * that crashes the index worker: out of search until it changes.
 */
export class PdfIndexer {
  private readonly waiting = new Map<string, { size: number; mtimeMs: number }>();
  private current: { rel: string; size: number; mtimeMs: number } | undefined;
  private running = false;
  private stopped = false;
  private idle: Array<() => void> = [];

  constructor(
    private readonly root: string,
    private readonly notes: NoteStore,
    private readonly setAside: SetAsideNotes,
    private readonly read: PdfReader,
    private readonly maxBytes = MAX_PDF_BYTES,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A PDF of the indexed set as it is now: read again unless it was, as it is. Why it is set aside, when it is. */
  look(rel: string, size: number, mtimeMs: number): string | undefined {
    const aside = this.setAside.matching(rel, size, mtimeMs);
    if (aside) {
      this.waiting.delete(rel);
      return aside.reason;
    }
    const same = (seen: { size: number; mtimeMs: number } | undefined) => seen?.size === size && seen.mtimeMs === mtimeMs;
    if (same(this.notes.pdfTexts.readAs(rel)) || (this.current?.rel === rel && same(this.current))) {
      this.waiting.delete(rel);
      return undefined;
    }
    this.waiting.set(rel, { size, mtimeMs });
    if (!this.running) {
      this.running = true;
      // After the scanner's transaction: the reading starts once the lane is back in its event loop.
      setImmediate(() => void this.drain());
    }
    return undefined;
  }

  /** A file, or a folder's files, gone from the vault: not read. */
  forget(rel: string): void {
    for (const waiting of this.waiting.keys()) if (waiting === rel || waiting.startsWith(`${rel}/`)) this.waiting.delete(waiting);
  }

  counts(): PdfCounts {
    return {
      indexed: this.notes.pdfTexts.count(),
      waiting: this.waiting.size + (this.current ? 1 : 0),
      setAside: this.setAside.all().filter((n) => isPdf(n.path)).length,
    };
  }

  /** Resolves once no PDF waits (at once when none does). */
  settled(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  /** The index is closing or being replaced: nothing more is read nor written. */
  stop(): void {
    this.stopped = true;
    this.waiting.clear();
  }

  private async drain(): Promise<void> {
    try {
      for (let next = this.waiting.entries().next(); !next.done && !this.stopped; next = this.waiting.entries().next()) {
        const [rel, seen] = next.value;
        this.waiting.delete(rel);
        this.current = { rel, ...seen };
        try {
          await this.readOne(rel);
        } catch {
          // A write that failed (the index damaged, or closing): the PDF is read again by the next pass.
        } finally {
          this.current = undefined;
        }
      }
    } finally {
      this.running = false;
      for (const resolve of this.idle.splice(0)) resolve();
    }
  }

  private async readOne(rel: string): Promise<void> {
    const abs = path.join(this.root, rel);
    const file = await readPdfFile(abs, this.maxBytes);
    if (!file || this.stopped) return;
    let outcome: Outcome;
    if ('tooLarge' in file) outcome = { text: '', said: nameOnly(`the PDF is ${mb(file.size)}, over the ${mb(this.maxBytes)} search reads`) };
    else outcome = outcomeOf(await this.read(file.bytes));
    if (this.stopped || !this.unchanged(abs, rel, file)) return;
    const at = { size: file.size, mtimeMs: file.mtimeMs };
    this.notes.transaction(() => {
      if ('aside' in outcome) {
        this.setAside.put({ path: rel, ...at, at: this.now().toISOString(), reason: outcome.aside });
        this.notes.index(rel, '', '');
        this.notes.pdfTexts.remove(rel);
        return;
      }
      const name = path.posix.basename(rel);
      this.notes.pdfTexts.put(rel, at, outcome.text, outcome.said);
      this.notes.indexPdf(rel, outcome.title ?? name, name, outcome.text);
    });
  }

  /**
   * The file is still the one read, and still known to the index: a PDF replaced meanwhile was
   * queued again by the look that saw it; one deleted is not written back.
   */
  private unchanged(abs: string, rel: string, file: { size: number; mtimeMs: number }): boolean {
    try {
      const info = lstatSync(abs);
      return info.isFile() && info.size === file.size && info.mtimeMs === file.mtimeMs && this.notes.facts(rel) !== undefined;
    } catch {
      return false;
    }
  }
}
