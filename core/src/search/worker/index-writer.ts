import { CrashGuard } from './crash-guard.js';
import { moveAside, openIndex } from './index-db.js';
import { NoteStore } from './note-store.js';
import { PdfIndexer, type PdfReader } from './pdf-indexer.js';
import type { OpenArgs, OpenResult } from './protocol.js';
import { ReadingMarker } from './reading-marker.js';
import { SetAsideNotes } from './set-aside.js';
import type { Db } from './sqlite.js';
import { VaultScanner } from './vault-scanner.js';

/** The index lane's side of the index: its connection, the notes, the scanner that feeds them. */
export interface IndexWriter {
  db: Db;
  notes: NoteStore;
  scanner: VaultScanner;
  setAside: SetAsideNotes;
  pdfs: PdfIndexer;
  close(): void;
}

/**
 * Opens the index to write it, and the marker beside it (reading-marker.ts): what a worker that
 * stopped mid-batch left there decides which notes are read alone, or set aside, from now on.
 * `readPdf` reads the PDFs' text (pdf-indexer.ts).
 */
export function openWriter(args: OpenArgs, readPdf: PdfReader): { writer: IndexWriter; opened: OpenResult } {
  const index = openIndex(args.dbPath, args.root, args.legacyDbPath);
  const db = index.db;
  const notes = new NoteStore(db);
  const setAside = new SetAsideNotes(db);
  const marker = new ReadingMarker(`${args.dbPath}.reading`);
  const pdfs = new PdfIndexer(args.root, notes, setAside, readPdf);
  const scanner = new VaultScanner(args.root, notes, new CrashGuard(args.root, marker, setAside), pdfs);
  const writer: IndexWriter = {
    db,
    notes,
    scanner,
    setAside,
    pdfs,
    close() {
      pdfs.stop();
      marker.close();
      db.close();
    },
  };
  const opened: OpenResult = { documents: notes.documents(), complete: index.complete, setAside: setAside.all(), ...(index.rebuilt && { rebuilt: index.rebuilt }) };
  return { writer, opened };
}

/**
 * A damaged index (found by a query or a write failing with SQLITE_CORRUPT or SQLITE_NOTADB
 * while running) is moved aside, kept for a look, and an empty one opened in its place; the
 * service then makes a pass over the vault to fill it. The notes set aside stay set aside.
 */
export function reopenWriter(writer: IndexWriter, args: OpenArgs, readPdf: PdfReader, why: string): { writer: IndexWriter; opened: OpenResult } {
  const kept = writer.setAside.all();
  try {
    writer.close();
  } catch {
    // A connection to a damaged file may fail to close cleanly: it is being replaced anyway.
  }
  const aside = moveAside(args.dbPath, 'damaged');
  const next = openWriter(args, readPdf);
  for (const note of kept) next.writer.setAside.put(note);
  const rebuilt = `the index was damaged (${why}); moved it to ${aside} and started a new one`;
  return { writer: next.writer, opened: { ...next.opened, setAside: next.writer.setAside.all(), rebuilt } };
}
