import { lstatSync, readdirSync, type Stats } from 'node:fs';
import path from 'node:path';
import { isIndexed, isIndexedPdf, isNote } from '../../vault/indexed-set.js';
import { readNote } from './note-facts.js';
import { NO_GUARD, type ReadGuard } from './crash-guard.js';
import { withNoteFile } from './note-file.js';
import type { FileFacts, ScanProgress, SyncResult } from './protocol.js';

/** Where the scanner keeps what it saw: the search index in the worker, memory when the worker cannot run. */
export interface FactsStore {
  transaction<T>(fn: () => T): T;
  facts(rel: string): FileFacts | undefined;
  putFacts(facts: FileFacts): void;
  /** Indexes a note for search; false when there is nothing to index (or no index at all). */
  index(rel: string, title: string, text: string): boolean;
  /** Forgets a file or everything under a folder; returns the file paths dropped. */
  remove(rel: string): string[];
  /** Known file paths under a folder prefix ('' for all). */
  pathsUnder(prefix: string): string[];
  /** A pass over the whole vault completed (the index is no longer partial). */
  markComplete?(at: Date): void;
  /** Notes in the search index, where there is one. */
  documents?(): number;
}

/** Where the scanner hands the PDFs of the indexed set it looks at (pdf-indexer.ts); none in memory. */
export interface PdfWatch {
  /** The PDF as it is now; why it is set aside, when it is. */
  look(rel: string, size: number, mtimeMs: number): string | undefined;
  /** A file, or a folder's files, gone. */
  forget(rel: string): void;
}

const BATCH_FILES = 256;

const hidden = (name: string) => name.startsWith('.');

/** Birth time where the filesystem keeps one (0 where it does not, or where it is nonsense). */
function birthOf(info: Stats): number {
  return info.birthtimeMs > 0 && info.birthtimeMs <= info.mtimeMs + 1000 ? info.birthtimeMs : 0;
}

/**
 * Looks at the vault on disk and keeps the store in step: the one place files are read for
 * indexing. Reads are synchronous on purpose: a batch is read and committed without yielding,
 * so a newer look at the same file (a save during a scan) can never be overwritten by an older one.
 */
export class VaultScanner {
  constructor(
    private readonly root: string,
    private readonly store: FactsStore,
    /** Set-aside notes and the marker of what is being read (crash-guard.ts); none in memory. */
    private readonly guard: ReadGuard = NO_GUARD,
    private readonly pdfs?: PdfWatch,
  ) {}

  /** Forgets a file or folder, in the store and among the notes set aside; returns the file paths dropped. */
  private forget(rel: string): string[] {
    this.guard.forget(rel);
    this.pdfs?.forget(rel);
    return this.store.remove(rel);
  }

  /** Every visible path under `rel` (files and symlinks), dot-entries skipped, links not followed. */
  private list(rel: string, out: string[]): void {
    let entries;
    try {
      entries = readdirSync(path.join(this.root, rel), { withFileTypes: true });
    } catch {
      return; // vanished or unreadable: nothing to list
    }
    for (const d of entries) {
      if (hidden(d.name)) continue;
      const child = rel ? `${rel}/${d.name}` : d.name;
      if (d.isDirectory()) this.list(child, out);
      else if (d.isFile() || d.isSymbolicLink()) out.push(child);
    }
  }

  /** One file as it is now; a PDF of the indexed set is handed on to be read, if it changed. */
  private look(rel: string, origin: NonNullable<FileFacts['origin']>): FileFacts | null {
    const facts = this.lookAt(rel, origin);
    if (!facts || facts.kind !== 'file' || !this.pdfs || !isIndexedPdf(rel)) return facts;
    const aside = this.pdfs.look(rel, facts.size, facts.mtimeMs);
    return aside ? { ...facts, setAside: aside } : facts;
  }

  /** One file as it is now, indexed if it changed since last seen; null when it is gone. */
  private lookAt(rel: string, origin: NonNullable<FileFacts['origin']>): FileFacts | null {
    const abs = path.join(this.root, rel);
    let info: Stats;
    try {
      info = lstatSync(abs);
    } catch {
      return null;
    }
    if (info.isSymbolicLink()) return { path: rel, kind: 'link', size: info.size, mtimeMs: info.mtimeMs, birthtimeMs: birthOf(info), origin };
    if (!info.isFile()) return null;
    const known = this.store.facts(rel);
    if (known && known.size === info.size && known.mtimeMs === info.mtimeMs && known.kind === (isNote(rel) ? 'note' : 'file')) {
      const aside = known.kind === 'note' ? this.guard.setAside(rel, info.size, info.mtimeMs) : undefined;
      return aside ? { ...known, setAside: aside.reason } : known;
    }
    // An editor that saves by writing a new file and renaming it gives the note a new birth time:
    // the earliest one seen is when the note came to be.
    const born = birthOf(info);
    const birthtimeMs = known?.birthtimeMs && (!born || known.birthtimeMs < born) ? known.birthtimeMs : born;
    const stat = { size: info.size, mtimeMs: info.mtimeMs, birthtimeMs, origin: known?.origin ?? origin };
    if (!isNote(rel)) {
      const facts: FileFacts = { path: rel, kind: 'file', ...stat };
      this.store.putFacts(facts);
      return facts;
    }
    const aside = this.guard.setAside(rel, stat.size, stat.mtimeMs);
    if (aside) {
      // Listed, never read: reading it is what crashed the worker. Out of search until it changes.
      this.store.index(rel, '', '');
      const facts: FileFacts = { path: rel, kind: 'note', ...stat, indexed: false, setAside: aside.reason };
      this.store.putFacts(facts);
      return facts;
    }
    const reading = this.guard.reading(rel, () => withNoteFile(abs, (note) => readNote(rel, note.head, { size: stat.size, mtimeMs: stat.mtimeMs, birthtimeMs: stat.birthtimeMs }, note.rest)));
    if (!reading) return null;
    // An empty note has nothing to find: index() takes it out of search.
    const indexed = isIndexed(rel) && this.store.index(rel, reading.title, reading.indexText);
    const facts: FileFacts = { ...reading.facts, indexed, origin: stat.origin };
    this.store.putFacts(facts);
    return facts;
  }

  /** Files and folders as they are now: a folder is looked at whole, a missing path is dropped whole. */
  sync(paths: readonly string[]): SyncResult {
    const result: SyncResult = { upserts: [], removed: [] };
    const unique = [...new Set(paths)];
    this.guard.batch(unique);
    this.store.transaction(() => {
      for (const rel of unique) {
        let info: Stats | undefined;
        try {
          info = lstatSync(path.join(this.root, rel));
        } catch {
          info = undefined;
        }
        if (info?.isDirectory()) {
          const listed: string[] = [];
          this.list(rel, listed);
          const present = new Set(listed);
          for (const gone of this.store.pathsUnder(rel ? `${rel}/` : '')) if (!present.has(gone)) result.removed.push(...this.forget(gone));
          for (const child of listed) this.lookInto(child, result, 'event');
          continue;
        }
        if (info) this.lookInto(rel, result, 'event');
        else result.removed.push(rel, ...this.forget(rel).filter((p) => p !== rel));
      }
    });
    this.guard.done();
    return this.counted(result);
  }

  private counted(result: SyncResult): SyncResult {
    const documents = this.store.documents?.();
    return documents === undefined ? result : { ...result, documents };
  }

  private lookInto(rel: string, result: SyncResult, origin: NonNullable<FileFacts['origin']>): void {
    const facts = this.look(rel, origin);
    if (facts) result.upserts.push(facts);
    else {
      this.forget(rel);
      result.removed.push(rel);
    }
  }

  /**
   * The whole vault in one pass: list it (so progress has a total), then look at every file in
   * batches, each batch one transaction, yielding between batches so searches and saves are
   * served meanwhile. Files seen last time and gone now are dropped at the end.
   */
  async scan(emit: (batch: SyncResult, progress: ScanProgress) => void, pause: () => Promise<void>): Promise<ScanProgress> {
    const listed: string[] = [];
    this.list('', listed);
    const notesTotal = listed.filter(isIndexed).length;
    const progress: ScanProgress = { files: { done: 0, total: listed.length }, search: { done: 0, total: notesTotal } };
    emit({ upserts: [], removed: [] }, progress);
    for (let i = 0; i < listed.length; i += BATCH_FILES) {
      const batch: SyncResult = { upserts: [], removed: [] };
      const slice = listed.slice(i, i + BATCH_FILES);
      this.guard.batch(slice);
      this.store.transaction(() => {
        for (const rel of slice) this.lookInto(rel, batch, 'scan');
      });
      this.guard.done();
      progress.files.done += slice.length;
      progress.search.done += slice.filter(isIndexed).length;
      emit(this.counted(batch), progress);
      await pause();
    }
    const present = new Set(listed);
    const gone: SyncResult = { upserts: [], removed: [] };
    this.store.transaction(() => {
      for (const rel of this.store.pathsUnder('')) if (!present.has(rel)) gone.removed.push(...this.forget(rel));
      this.store.markComplete?.(new Date());
    });
    if (gone.removed.length > 0) emit(this.counted(gone), progress);
    return progress;
  }
}
