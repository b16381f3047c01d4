import { existsSync, renameSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isDamage } from './protocol.js';
import { openSqlite, type Db } from './sqlite.js';
import { STEMMING_VERSION } from './stemming.js';
import { tokenizerId } from './word-tokens.js';

/** The rules words are indexed by: how they are cut (word-tokens.ts) and stemmed (stemming.ts). */
export const wordRules = () => `${tokenizerId()}/stems-${STEMMING_VERSION}`;

/**
 * Knower's search index: one SQLite file it alone writes (the index worker) and reads (the
 * search workers). Bump SCHEMA_VERSION when a table below changes: an index of another
 * version is rebuilt from the vault.
 *
 *   meta(key, value)   schema version, the tokenizer that built the index, the vault it covers,
 *                      and when a first pass over the whole vault completed
 *   files(path, …)     what was last seen of every visible file: size and times (a restart
 *                      re-reads only what changed), the note facts the vault listing shows
 *   notes(id, path, title, hash, lang, name_key, title_key)
 *                      every note in search; the hash of what was indexed (title and text)
 *                      tells a save that changed only Knower's own fields from one to index.
 *                      The text itself is not kept: the vault holds it, and snippets are cut
 *                      from the file. `lang`: the language its Latin-script words were stemmed
 *                      in (stopwords.ts), if told; `name_key`, `title_key`: its file name and
 *                      title as a query names them (note-names.ts), looked up to rank first
 *   notes_fts(title, body, stems)
 *                      a contentless FTS5 index over notes (rowid = notes.id), fed the token
 *                      stream of word-tokens.ts; `stems`: the stems of the title's and body's
 *                      words that differ from the word, marked (stemming.ts). It keeps no copy
 *                      of the text
 *   languages(lang, notes)
 *                      how many notes were detected in each language: a query that does not
 *                      say its language is stemmed in the vault's
 *   spaceless_words(word)
 *                      every Thai, Lao, Khmer and Myanmar dictionary word indexed so far: a
 *                      word searched for is also found inside the longer words that hold it
 *   set_aside(path, size, mtime_ms, at, reason)
 *                      notes the index worker crashed on (crash-guard.ts), left out of search
 *                      until they change. Added without a new schema version: an index
 *                      without it gains it empty, and an older Knower ignores it
 *   pdf_texts(path, size, mtime_ms, text, said)
 *                      the text extracted from each PDF in search (pdf-indexer.ts), its pages
 *                      separated by a form feed: snippets and the page of a hit are cut from
 *                      it, as a note's are from the file, without reading the PDF again. Size
 *                      and time are the file's when it was read: a PDF that has not changed
 *                      is never extracted again. `said`: what part of it search covers, when
 *                      not all (its name only, its first pages). Added like set_aside
 */
export const SCHEMA_VERSION = 2;

export const FACT_COLUMNS = 'path,kind,size,mtime_ms,birthtime_ms,tokens,body_hash,frontmatter,indexed,origin';

const FILES_DDL = `CREATE TABLE IF NOT EXISTS files (
  path TEXT PRIMARY KEY, kind TEXT NOT NULL, size INTEGER NOT NULL, mtime_ms REAL NOT NULL,
  birthtime_ms REAL NOT NULL, tokens INTEGER, body_hash TEXT, frontmatter TEXT, indexed INTEGER NOT NULL DEFAULT 0, origin TEXT
) WITHOUT ROWID`;
const NOTES_DDL = `CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, title TEXT NOT NULL, hash BLOB NOT NULL,
  lang TEXT, name_key TEXT, title_key TEXT);
CREATE INDEX IF NOT EXISTS notes_name ON notes (name_key) WHERE name_key IS NOT NULL;
CREATE INDEX IF NOT EXISTS notes_title ON notes (title_key) WHERE title_key IS NOT NULL`;
const LANGUAGES_DDL = 'CREATE TABLE IF NOT EXISTS languages (lang TEXT PRIMARY KEY, notes INTEGER NOT NULL) WITHOUT ROWID';
const SPACELESS_DDL = 'CREATE TABLE IF NOT EXISTS spaceless_words (word TEXT PRIMARY KEY) WITHOUT ROWID';
const SET_ASIDE_DDL = 'CREATE TABLE IF NOT EXISTS set_aside (path TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime_ms REAL NOT NULL, at TEXT NOT NULL, reason TEXT NOT NULL) WITHOUT ROWID';
const PDF_TEXTS_DDL = 'CREATE TABLE IF NOT EXISTS pdf_texts (path TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime_ms REAL NOT NULL, text TEXT NOT NULL, said TEXT)';
// Tokens arrive cut and lower-cased, separated by spaces: the ascii tokenizer splits on spaces
// (every other byte of our tokens is a token character), with the symbols that may be tokens.
// contentless_delete lets a note be dropped by rowid without handing its old tokens back.
const FTS_DDL = `CREATE VIRTUAL TABLE IF NOT EXISTS notes_fts USING fts5(title, body, stems, content='', contentless_delete=1, tokenize="ascii tokenchars '.+#'")`;

export interface OpenedIndex {
  db: Db;
  /** A first pass over the whole vault completed on this index. */
  complete: boolean;
  /** What had to be rebuilt on opening, if anything (logged by the caller). */
  rebuilt?: string;
}

function meta(db: Db, key: string): string | undefined {
  return db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get<string>(key);
}

export function setMeta(db: Db, key: string, value: string | null): void {
  if (value === null) db.prepare('DELETE FROM meta WHERE key = ?').run(key);
  else db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
}

const tables = (db: Db) => new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all<string>());

/** Moves an index file aside (kept, for a look) with its log; returns where it went. */
export function moveAside(dbPath: string, suffix: string): string {
  const aside = `${dbPath}.${suffix}`;
  renameSync(dbPath, aside);
  for (const log of ['-wal', '-shm']) rmSync(`${dbPath}${log}`, { force: true });
  return aside;
}

/**
 * Opens (creating or rebuilding as needed) the index for the vault at `root`. Only the index
 * worker calls this. The index holds nothing the vault does not: an unreadable one is moved
 * aside (kept, for a look) and built again.
 */
export function openIndex(dbPath: string, root: string, legacyPath?: string): OpenedIndex {
  try {
    return openOnce(dbPath, root, legacyPath);
  } catch (err) {
    if (!isDamage((err as { code?: string }).code)) throw err;
    const aside = moveAside(dbPath, 'unreadable');
    const opened = openOnce(dbPath, root, legacyPath);
    const why = `the index could not be read (${(err as Error).message}); moved it to ${aside} and built a new one`;
    return { ...opened, rebuilt: opened.rebuilt ? `${why}; ${opened.rebuilt}` : why };
  }
}

function openOnce(dbPath: string, root: string, legacyPath?: string): OpenedIndex {
  const db = openSqlite(dbPath);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // The log is checkpointed after a first pass; past one, it never stays larger than this.
  db.pragma(`journal_size_limit = ${8 * 1024 * 1024}`);
  const notes: string[] = [];
  try {
    // Outside the transaction below: a database cannot be attached inside one.
    const legacy = legacyPath && !tables(db).has('files') ? adoptLegacyFacts(db, legacyPath) : 'none';
    if (legacy !== 'none') {
      removeLegacy(legacyPath!);
      notes.push(`${legacy === 'adopted' ? 'took over the file facts of' : 'dropped'} the previous index (kept in qmd's database); indexing every note again`);
    }
    db.exec('BEGIN IMMEDIATE');
    try {
      migrate(db, root, notes);
      db.exec('COMMIT');
    } catch (err) {
      db.exec('ROLLBACK');
      throw err;
    }
  } catch (err) {
    db.close();
    throw err;
  }
  return { db, complete: meta(db, 'complete') !== undefined, ...(notes.length > 0 && { rebuilt: notes.join('; ') }) };
}

function migrate(db: Db, root: string, notes: string[]): void {
  db.exec('CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID');
  const schema = meta(db, 'schema');
  if (schema !== undefined && schema !== String(SCHEMA_VERSION)) {
    for (const t of ['files', 'notes', 'notes_fts', 'spaceless_words', 'set_aside', 'pdf_texts', 'languages']) db.exec(`DROP TABLE IF EXISTS ${t}`);
    db.exec('DELETE FROM meta');
    notes.push(`the index was built by another version (schema ${schema}); rebuilding it from the vault`);
  }
  db.exec(FILES_DDL);
  db.exec(NOTES_DDL);
  db.exec(SPACELESS_DDL);
  db.exec(SET_ASIDE_DDL);
  db.exec(PDF_TEXTS_DDL);
  db.exec(LANGUAGES_DDL);
  const tokenizer = meta(db, 'tokenizer');
  if (tokenizer !== undefined && tokenizer !== wordRules()) {
    // New word rules or dictionaries: every note is read and indexed again; the facts stay.
    db.exec('DROP TABLE IF EXISTS notes_fts');
    db.exec('DELETE FROM notes');
    db.exec('DELETE FROM spaceless_words');
    db.exec('DELETE FROM languages');
    db.exec("UPDATE files SET size = -1 WHERE kind = 'note'");
    // PDFs too: their text goes into the new index as they are read again (pdf-indexer.ts).
    db.exec('UPDATE pdf_texts SET size = -1');
    setMeta(db, 'complete', null);
    notes.push(`words are now cut differently (${tokenizer} → ${wordRules()}); indexing every note again`);
  }
  db.exec(FTS_DDL);
  const indexedRoot = meta(db, 'root');
  if (indexedRoot !== undefined && indexedRoot !== root) {
    // A new vault, or the vault moved: what was indexed belongs to another folder.
    db.exec('DELETE FROM files');
    db.exec('DELETE FROM notes');
    db.exec('DELETE FROM spaceless_words');
    db.exec('DELETE FROM languages');
    db.exec('DELETE FROM set_aside');
    db.exec('DELETE FROM pdf_texts');
    db.exec("INSERT INTO notes_fts(notes_fts) VALUES ('delete-all')");
    setMeta(db, 'complete', null);
    notes.push(`the index covered ${indexedRoot}; starting over for ${root}`);
  }
  setMeta(db, 'schema', String(SCHEMA_VERSION));
  setMeta(db, 'tokenizer', wordRules());
  setMeta(db, 'root', root);
}

/**
 * Earlier versions kept their facts table inside qmd's database. The facts are kept (how each
 * file first came to be known decides which notes Knower stamps); every note is indexed again.
 * 'none' when that database is not one Knower wrote (qmd's own, or none).
 */
function adoptLegacyFacts(db: Db, legacyPath: string): 'none' | 'adopted' | 'unreadable' {
  if (!existsSync(legacyPath)) return 'none';
  try {
    db.prepare('ATTACH DATABASE ? AS legacy').run(legacyPath);
  } catch {
    return 'none'; // not a database Knower can read: qmd's business, not ours
  }
  try {
    let has: unknown;
    try {
      has = db.prepare("SELECT 1 FROM legacy.sqlite_master WHERE type = 'table' AND name = 'knower_files'").get();
    } catch {
      return 'none';
    }
    if (!has) return 'none';
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(FILES_DDL);
      db.exec(`INSERT OR IGNORE INTO main.files (${FACT_COLUMNS}) SELECT ${FACT_COLUMNS} FROM legacy.knower_files`);
      db.exec("UPDATE main.files SET size = -1 WHERE kind = 'note'");
      db.exec('COMMIT');
      return 'adopted';
    } catch {
      // Facts of an older layout: the first pass finds every file again (as if new).
      db.exec('ROLLBACK');
      return 'unreadable';
    }
  } finally {
    db.exec('DETACH DATABASE legacy');
  }
}

/** Knower wrote that database itself: qmd builds its own there when deep search needs one. */
function removeLegacy(legacyPath: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${legacyPath}${suffix}`, { force: true });
}

/**
 * A search connection's page cache, in KiB. The pages it reads stay in the system's file cache
 * anyway: at 100k notes, ranking was as fast with 2 MB as with SQLite's 16 MB, and each search
 * worker kept ~14 MB less once worst-case queries had filled it.
 */
export const SEARCH_CACHE_KIB = 2_000;

/** The ranking extension `npm run build` compiles (core/native/knower-rank.c): the same path from src/ and dist/. */
const RANK_EXTENSION = fileURLToPath(new URL('../../../dist/native/knower-rank.so', import.meta.url));

/**
 * The FTS5 function that ranks: knower_bm25 (the extension: bm25's results, without its
 * per-match length lookup), or bm25 itself where the extension cannot load.
 */
export type RankFunction = 'knower_bm25' | 'bm25';

export interface SearchConnection {
  db: Db;
  rank: RankFunction;
  /** Why the extension is not used, when it is not (the worker's OpenResult.slowRanking). */
  slowRanking?: string;
}

/** A search worker's connection: the index must exist and be of this version. */
export function openForSearch(dbPath: string, extension = RANK_EXTENSION): SearchConnection {
  const db = openSqlite(dbPath, { fileMustExist: true });
  db.pragma(`cache_size = -${SEARCH_CACHE_KIB}`);
  const schema = meta(db, 'schema');
  if (schema !== String(SCHEMA_VERSION) || meta(db, 'tokenizer') !== wordRules()) {
    db.close();
    throw new Error(`the search index at ${dbPath} is not ready (schema ${schema ?? 'none'}); the index worker builds it`);
  }
  if (!existsSync(extension)) return { db, rank: 'bm25', slowRanking: `${extension} was not built (npm run build compiles it where a C compiler is found)` };
  try {
    db.loadExtension(extension);
    return { db, rank: 'knower_bm25' };
  } catch (err) {
    return { db, rank: 'bm25', slowRanking: `${extension} could not be loaded: ${(err as Error).message}` };
  }
}
