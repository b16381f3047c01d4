import { createHash } from 'node:crypto';
import type { FileFacts } from './protocol.js';
import { FACT_COLUMNS, setMeta } from './index-db.js';
import { PdfTexts } from './pdf-texts.js';
import { prefixEnd } from './prefix.js';
import type { Db } from './sqlite.js';
import type { FactsStore } from './vault-scanner.js';
import { fileName, nameKey } from './note-names.js';
import { stemsForm, type Language } from './stemming.js';
import { noteLanguage } from './stopwords.js';
import { indexForm, spacelessWords } from './word-tokens.js';

interface FactsRow {
  path: string;
  kind: FileFacts['kind'];
  size: number;
  mtime_ms: number;
  birthtime_ms: number;
  tokens: number | null;
  body_hash: string | null;
  frontmatter: string | null;
  indexed: number;
  origin: 'scan' | 'event' | null;
}

/** The first words of an index form (enough to tell its language), without splitting all of it. */
function opening(form: string): string[] {
  return form.slice(0, 16_000).split(' ').filter(Boolean);
}

/** Writes to the full-text index after which its segments are merged (NoteStore.compact). */
const MERGE_AFTER_WRITES = 1_000;

/**
 * The index worker's side of the index (index-db.ts has the tables): what it saw of each file,
 * and the notes in search. One note is one row of `notes` and one of `notes_fts`, written with
 * statements prepared once.
 */
export class NoteStore implements FactsStore {
  private readonly s;
  /** Notes in search, kept as they come and go (a COUNT per save would grow with the vault). */
  private active: number;
  /** Notes put into or dropped from the full-text index since its segments were last merged. */
  private written = 0;
  /** The PDFs' extracted text: dropped here with their files. */
  readonly pdfTexts: PdfTexts;

  constructor(
    private readonly db: Db,
    /** Merge the index's segments once this many notes were written, or a quarter of them if more. */
    private readonly mergeAfter = MERGE_AFTER_WRITES,
  ) {
    this.s = {
      getFacts: db.prepare(`SELECT ${FACT_COLUMNS} FROM files WHERE path = ?`),
      // How a file first came to be known stays what it was: only its facts change.
      putFacts: db.prepare(`INSERT INTO files (${FACT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT(path) DO UPDATE SET kind = excluded.kind, size = excluded.size, mtime_ms = excluded.mtime_ms, birthtime_ms = excluded.birthtime_ms,
          tokens = excluded.tokens, body_hash = excluded.body_hash, frontmatter = excluded.frontmatter, indexed = excluded.indexed`),
      deleteFacts: db.prepare('DELETE FROM files WHERE path = ?'),
      factsUnder: db.prepare('SELECT path FROM files WHERE path >= ? AND path < ?').pluck(),
      deleteFactsUnder: db.prepare('DELETE FROM files WHERE path >= ? AND path < ?'),
      allFactPaths: db.prepare('SELECT path FROM files').pluck(),
      note: db.prepare('SELECT id, hash, lang FROM notes WHERE path = ?'),
      insertNote: db.prepare('INSERT INTO notes (path, title, hash, lang, name_key, title_key) VALUES (?, ?, ?, ?, ?, ?)'),
      updateNote: db.prepare('UPDATE notes SET title = ?, hash = ?, lang = ?, name_key = ?, title_key = ? WHERE id = ?'),
      deleteNote: db.prepare('DELETE FROM notes WHERE id = ? RETURNING lang'),
      countLanguage: db.prepare(`INSERT INTO languages (lang, notes) VALUES (?, ?)
        ON CONFLICT(lang) DO UPDATE SET notes = notes + excluded.notes`),
      dropLanguages: db.prepare('DELETE FROM languages WHERE notes <= 0'),
      notesUnder: db.prepare('SELECT id FROM notes WHERE path >= ? AND path < ?').pluck(),
      ftsInsert: db.prepare('INSERT INTO notes_fts (rowid, title, body, stems) VALUES (?, ?, ?, ?)'),
      ftsDelete: db.prepare('DELETE FROM notes_fts WHERE rowid = ?'),
      count: db.prepare('SELECT COUNT(*) FROM notes').pluck(),
      // Never pruned: a word no note holds any more only costs a lookup that finds nothing.
      spaceless: db.prepare('INSERT OR IGNORE INTO spaceless_words (word) VALUES (?)'),
    };
    this.active = this.s.count.get<number>() ?? 0;
    this.pdfTexts = new PdfTexts(db);
  }

  /** Runs `fn` in one transaction: a batch of files costs one commit, not one per statement. */
  transaction<T>(fn: () => T): T {
    const before = this.active;
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = fn();
      this.db.exec('COMMIT');
      return result;
    } catch (err) {
      this.db.exec('ROLLBACK');
      this.active = before;
      throw err;
    }
  }

  facts(rel: string): FileFacts | undefined {
    const row = this.s.getFacts.get<FactsRow>(rel);
    if (!row) return undefined;
    return {
      path: row.path,
      kind: row.kind,
      size: row.size,
      mtimeMs: row.mtime_ms,
      birthtimeMs: row.birthtime_ms,
      ...(row.tokens !== null && { tokens: row.tokens }),
      ...(row.body_hash !== null && { bodyHash: row.body_hash }),
      ...(row.frontmatter !== null && { frontmatter: JSON.parse(row.frontmatter) as FileFacts['frontmatter'] }),
      indexed: row.indexed === 1,
      ...(row.origin && { origin: row.origin }),
    };
  }

  putFacts(f: FileFacts): void {
    this.s.putFacts.run(
      f.path,
      f.kind,
      f.size,
      f.mtimeMs,
      f.birthtimeMs,
      f.tokens ?? null,
      f.bodyHash ?? null,
      f.frontmatter ? JSON.stringify(f.frontmatter) : null,
      f.indexed ? 1 : 0,
      f.origin ?? null,
    );
  }

  /** Puts the note into search (or refreshes it); false when it has nothing to index. */
  index(rel: string, title: string, text: string): boolean {
    if (!text.trim()) {
      const existing = this.s.note.get<{ id: number }>(rel);
      if (existing) this.drop(existing.id);
      return false;
    }
    this.put(rel, title, title, text);
    return true;
  }

  /** Puts a PDF into search by its title and file name, and its text (found by its name even without one). */
  indexPdf(rel: string, title: string, name: string, text: string): void {
    this.put(rel, title, title === name ? title : `${title}\n${name}`, text);
  }

  /** `title` is what a hit shows; `searchTitle` what the title column indexes. */
  private put(rel: string, title: string, searchTitle: string, text: string): void {
    const existing = this.s.note.get<{ id: number; hash: Buffer; lang: Language | null }>(rel);
    // The job's own writes change only fields that are not indexed: nothing to redo.
    const hash = createHash('sha1').update(searchTitle).update('\0').update(text).digest();
    if (existing?.hash.equals(hash)) return;
    const titleForm = indexForm(searchTitle);
    const bodyForm = indexForm(text);
    const words = `${titleForm} ${bodyForm}`;
    const lang = noteLanguage(opening(bodyForm));
    const names = [nameKey(fileName(rel)), nameKey(title)] as const;
    let id: number;
    if (existing) {
      this.s.updateNote.run(title, hash, lang, ...names, existing.id);
      this.s.ftsDelete.run(existing.id);
      this.countLanguage(existing.lang, -1);
      id = existing.id;
    } else {
      id = Number(this.s.insertNote.run(rel, title, hash, lang, ...names).lastInsertRowid);
      this.active++;
    }
    this.countLanguage(lang, 1);
    this.s.ftsInsert.run(id, titleForm, bodyForm, stemsForm(words, lang));
    this.written++;
    for (const word of spacelessWords(words)) this.s.spaceless.run(word);
  }

  /** The count of notes detected in each language (index-db.ts): what a query of unclear language is stemmed in. */
  private countLanguage(lang: string | null, by: 1 | -1): void {
    if (lang === null) return;
    this.s.countLanguage.run(lang, by);
    if (by < 0) this.s.dropLanguages.run();
  }

  private drop(id: number): void {
    this.s.ftsDelete.run(id);
    this.written++;
    const gone = this.s.deleteNote.get<{ lang: string | null }>(id);
    if (!gone) return;
    this.active--;
    this.countLanguage(gone.lang, -1);
  }

  /** Forgets a file, or everything under a folder. Returns the fact paths that were dropped. */
  remove(rel: string): string[] {
    const dropped: string[] = [];
    if (this.s.getFacts.get(rel)) dropped.push(rel);
    this.s.deleteFacts.run(rel);
    const note = this.s.note.get<{ id: number }>(rel);
    if (note) this.drop(note.id);
    this.pdfTexts.remove(rel);
    const prefix = `${rel}/`;
    const end = prefixEnd(prefix);
    dropped.push(...this.s.factsUnder.all<string>(prefix, end));
    this.s.deleteFactsUnder.run(prefix, end);
    for (const id of this.s.notesUnder.all<number>(prefix, end)) this.drop(id);
    return dropped;
  }

  pathsUnder(prefix: string): string[] {
    if (prefix === '') return this.s.allFactPaths.all<string>();
    return this.s.factsUnder.all<string>(prefix, prefixEnd(prefix));
  }

  documents(): number {
    return this.active;
  }

  /** A pass over the whole vault completed: searches are no longer partial. */
  markComplete(at: Date): void {
    setMeta(this.db, 'complete', at.toISOString());
  }

  /**
   * Merges the full-text index into one segment once many notes were written (a first pass, a
   * bulk import, or a quarter of the vault edited since). FTS5 writes each transaction's notes as
   * a segment of its own and marks a changed note's old entries deleted: a term is then read from
   * every segment, each hit checked against the deletions, and more of them as notes are edited.
   * Just after a first pass of 100k notes the gain is small (~3% of a common word's ranking); the
   * merge rewrites the index once (~1 s at 100k notes).
   * True when it merged.
   */
  compact(): boolean {
    if (this.written < Math.max(this.mergeAfter, this.active / 4)) return false;
    this.db.exec("INSERT INTO notes_fts(notes_fts) VALUES ('optimize')");
    this.written = 0;
    return true;
  }

  /**
   * Keeps nothing of text the vault no longer holds (a forget): FTS5 keeps a changed note's old
   * terms in its segments until they are merged, and SQLite keeps freed pages' bytes until they
   * are reused. Merged, then the whole file rewritten, then the log emptied.
   */
  purge(): void {
    this.db.exec("INSERT INTO notes_fts(notes_fts) VALUES ('optimize')");
    this.written = 0;
    this.db.exec('VACUUM');
    this.checkpoint();
  }

  /** After a pass: the log it grew is folded into the database and emptied. */
  checkpoint(): void {
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }
}
