import { prefixEnd } from './prefix.js';
import type { Db } from './sqlite.js';

/** What the index last read of a PDF: the file's size and time then. */
export interface PdfRead {
  size: number;
  mtimeMs: number;
}

/**
 * The PDFs' extracted text in the index (table `pdf_texts`, index-db.ts): written by the index
 * lane once a PDF is read, dropped with the file. Pages are separated by a form feed.
 */
export class PdfTexts {
  private readonly s;

  constructor(db: Db) {
    this.s = {
      read: db.prepare('SELECT size, mtime_ms AS mtimeMs FROM pdf_texts WHERE path = ?'),
      put: db.prepare('INSERT OR REPLACE INTO pdf_texts (path, size, mtime_ms, text, said) VALUES (?, ?, ?, ?, ?)'),
      delete: db.prepare('DELETE FROM pdf_texts WHERE path = ?'),
      deleteUnder: db.prepare('DELETE FROM pdf_texts WHERE path >= ? AND path < ?'),
      count: db.prepare('SELECT COUNT(*) FROM pdf_texts').pluck(),
    };
  }

  /** The file as it was when its text was read; undefined when it never was. */
  readAs(rel: string): PdfRead | undefined {
    return this.s.read.get<PdfRead>(rel);
  }

  put(rel: string, read: PdfRead, text: string, said: string | undefined): void {
    this.s.put.run(rel, read.size, read.mtimeMs, text, said ?? null);
  }

  /** A file, or every file under a folder, that is gone. */
  remove(rel: string): void {
    this.s.delete.run(rel);
    const prefix = `${rel}/`;
    this.s.deleteUnder.run(prefix, prefixEnd(prefix));
  }

  count(): number {
    return this.s.count.get<number>() ?? 0;
  }
}
