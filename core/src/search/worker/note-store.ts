import { createHash } from 'node:crypto';
import type { InternalStore } from '@tobilu/qmd';
import { tokensOf } from './fts-query.js';
import type { FileFacts } from './protocol.js';
import type { FactsStore } from './vault-scanner.js';

type Db = InternalStore['db'];

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

export interface SearchRow {
  path: string;
  title: string;
  doc: string;
  score: number;
}

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
const HAS_CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** FTS5's tokenizer does not segment CJK: qmd indexes each CJK character as its own token. */
const spaceCjk = (text: string) => text.replace(CJK_RUN, (run) => ` ${[...run].join(' ')} `);

const FACT_COLUMNS = 'path,kind,size,mtime_ms,birthtime_ms,tokens,body_hash,frontmatter,indexed,origin';

/** The first string after `prefix` in sort order that does not start with it: prefix ranges use the path index. */
export const prefixEnd = (prefix: string) => prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);

/**
 * qmd's database (2.8.3's schema: content, documents, documents_fts kept in step by triggers),
 * written one document at a time with prepared statements, plus Knower's own table of what it
 * last saw of each file (size and times, so a restart re-reads only what changed).
 *
 * qmd's own `update` re-reads and hashes every file of the vault on each run; this writes the
 * one that changed. Statements are prepared once: qmd's helpers prepare on every call, which
 * costs three times the CPU and memory on a first index.
 */
export class NoteStore implements FactsStore {
  private readonly s;
  /** Active documents, kept as they come and go (a COUNT per save would grow with the vault). */
  private active: number;

  constructor(
    private readonly db: Db,
    private readonly collection: string,
  ) {
    // The table is a cache of what was seen: one from another layout is dropped and rebuilt by the next pass.
    const columns = db.prepare("SELECT name FROM pragma_table_info('knower_files')").all<{ name: string }>().map((c) => c.name).join(',');
    if (columns && columns !== FACT_COLUMNS) db.exec('DROP TABLE knower_files');
    db.exec(`CREATE TABLE IF NOT EXISTS knower_files (
      path TEXT PRIMARY KEY, kind TEXT NOT NULL, size INTEGER NOT NULL, mtime_ms REAL NOT NULL,
      birthtime_ms REAL NOT NULL, tokens INTEGER, body_hash TEXT, frontmatter TEXT, indexed INTEGER NOT NULL DEFAULT 0, origin TEXT
    ) WITHOUT ROWID`);
    this.s = {
      content: db.prepare('INSERT OR IGNORE INTO content (hash, doc, created_at) VALUES (?, ?, ?)'),
      findDoc: db.prepare('SELECT id, hash, title FROM documents WHERE collection = ? AND path = ? AND active = 1'),
      insertDoc: db.prepare(`INSERT INTO documents (collection, path, title, hash, created_at, modified_at, active) VALUES (?, ?, ?, ?, ?, ?, 1)
        ON CONFLICT(collection, path) DO UPDATE SET title = excluded.title, hash = excluded.hash, modified_at = excluded.modified_at, active = 1`),
      docId: db.prepare('SELECT id FROM documents WHERE collection = ? AND path = ?'),
      updateDoc: db.prepare('UPDATE documents SET title = ?, hash = ?, modified_at = ? WHERE id = ?'),
      deactivate: db.prepare('UPDATE documents SET active = 0 WHERE collection = ? AND path = ? AND active = 1'),
      deactivateUnder: db.prepare('UPDATE documents SET active = 0 WHERE collection = ? AND active = 1 AND path >= ? AND path < ?'),
      ftsDelete: db.prepare('DELETE FROM documents_fts WHERE rowid = ?'),
      ftsInsert: db.prepare('INSERT INTO documents_fts (rowid, filepath, title, body) VALUES (?, ?, ?, ?)'),
      getFacts: db.prepare('SELECT * FROM knower_files WHERE path = ?'),
      // How a file first came to be known stays what it was: only its facts change.
      putFacts: db.prepare(`INSERT INTO knower_files (path, kind, size, mtime_ms, birthtime_ms, tokens, body_hash, frontmatter, indexed, origin)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT(path) DO UPDATE SET kind = excluded.kind, size = excluded.size, mtime_ms = excluded.mtime_ms, birthtime_ms = excluded.birthtime_ms,
          tokens = excluded.tokens, body_hash = excluded.body_hash, frontmatter = excluded.frontmatter, indexed = excluded.indexed`),
      deleteFacts: db.prepare('DELETE FROM knower_files WHERE path = ?'),
      factsUnder: db.prepare('SELECT path FROM knower_files WHERE path >= ? AND path < ?'),
      deleteFactsUnder: db.prepare('DELETE FROM knower_files WHERE path >= ? AND path < ?'),
      allFactPaths: db.prepare('SELECT path FROM knower_files'),
      activeCount: db.prepare('SELECT COUNT(*) AS n FROM documents WHERE collection = ? AND active = 1'),
      orphanContent: db.prepare('DELETE FROM content WHERE hash NOT IN (SELECT hash FROM documents WHERE active = 1)'),
      describe: db.prepare(`SELECT d.path, d.title, c.doc FROM documents d JOIN content c ON c.hash = d.hash
        WHERE d.collection = ? AND d.path = ? AND d.active = 1`),
      // FTS ranks first, alone; the documents are then fetched by id. Joined in one statement,
      // SQLite's planner touched every match: ~100 ms at 100k notes instead of ~1-30.
      rank: db.prepare('SELECT rowid, bm25(documents_fts, 0.0, 4.0, 1.0) AS score FROM documents_fts WHERE documents_fts MATCH ? ORDER BY score LIMIT ?'),
      byId: db.prepare(`SELECT d.path, d.title, c.doc FROM documents d JOIN content c ON c.hash = d.hash
        WHERE d.id = ? AND d.collection = ? AND d.active = 1`),
    };
    this.active = this.s.activeCount.get<{ n: number }>(this.collection)?.n ?? 0;
  }

  /** Runs `fn` in one transaction: a batch of files costs one commit, not one per statement. */
  transaction<T>(fn: () => T): T {
    const before = this.active;
    this.db.exec('BEGIN');
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
    this.s.putFacts.run(f.path, f.kind, f.size, f.mtimeMs, f.birthtimeMs, f.tokens ?? null, f.bodyHash ?? null, f.frontmatter ? JSON.stringify(f.frontmatter) : null, f.indexed ? 1 : 0, f.origin ?? null);
  }

  /** Puts the note into the search index (or refreshes it); returns false when it has nothing to index. */
  index(rel: string, title: string, text: string, createdMs: number, modifiedMs: number): boolean {
    if (!text.trim()) {
      this.active -= this.s.deactivate.run(this.collection, rel).changes;
      return false;
    }
    const hash = createHash('sha256').update(text).digest('hex');
    const modified = new Date(modifiedMs).toISOString();
    const existing = this.s.findDoc.get<{ id: number; hash: string; title: string }>(this.collection, rel);
    if (existing && existing.hash === hash && existing.title === title) return true;
    this.s.content.run(hash, text, modified);
    let id: number;
    if (existing) {
      this.s.updateDoc.run(title, hash, modified, existing.id);
      id = existing.id;
    } else {
 this.s.insertDoc.run(this.collection, rel, title, hash, new Date(createdMs).toISOString(), modified);
      this.active++;
      id = this.s.docId.get<{ id: number }>(this.collection, rel)!.id;
    }
    // The triggers indexed the raw text; CJK needs one token per character, as qmd does.
    if (HAS_CJK.test(text) || HAS_CJK.test(title) || HAS_CJK.test(rel)) {
      this.s.ftsDelete.run(id);
      this.s.ftsInsert.run(id, spaceCjk(`${this.collection}/${rel}`), spaceCjk(title), spaceCjk(text));
    }
    return true;
  }

  /** Forgets a file, or everything under a folder. Returns the fact paths that were dropped. */
  remove(rel: string): string[] {
    const dropped: string[] = [];
    if (this.s.getFacts.get(rel)) dropped.push(rel);
    this.s.deleteFacts.run(rel);
    this.active -= this.s.deactivate.run(this.collection, rel).changes;
    const prefix = `${rel}/`;
    const end = prefixEnd(prefix);
    for (const row of this.s.factsUnder.all<{ path: string }>(prefix, end)) dropped.push(row.path);
    this.s.deleteFactsUnder.run(prefix, end);
    this.active -= this.s.deactivateUnder.run(this.collection, prefix, end).changes;
    return dropped;
  }

  pathsUnder(prefix: string): string[] {
    if (prefix === '') return this.s.allFactPaths.all<{ path: string }>().map((r) => r.path);
    return this.s.factsUnder.all<{ path: string }>(prefix, prefixEnd(prefix)).map((r) => r.path);
  }

  documents(): number {
    return this.active;
  }

  /** Content no active document points at any more (qmd does this after each update). */
  dropOrphans(): void {
    this.s.orphanContent.run();
  }

  search(match: string, limit: number, prefix: string | null): SearchRow[] {
    // A scope is a phrase at the start of the indexed path ("vault projects acme"): FTS narrows
    // by it too, instead of a join over every match. A longer name that starts with the same
    // words matches the phrase as well, so hits are checked and fetched wider when needed.
    const expr = prefix ? `(${match}) AND {filepath} : ^"${tokensOf(`${this.collection}/${prefix}`).join(' ')}"` : match;
    for (let wanted = prefix ? limit + 20 : limit; ; wanted *= 4) {
      const ranked = this.s.rank.all<{ rowid: number; score: number }>(expr, wanted);
      const rows: SearchRow[] = [];
      for (const hit of ranked) {
        const doc = this.s.byId.get<Omit<SearchRow, 'score'>>(hit.rowid, this.collection);
        if (!doc || (prefix && !doc.path.startsWith(prefix))) continue;
        rows.push({ ...doc, score: hit.score });
        if (rows.length >= limit) break;
      }
      if (rows.length >= limit || ranked.length < wanted || wanted > 50_000) return rows;
    }
  }

  describe(paths: readonly string[]): Omit<SearchRow, 'score'>[] {
    return paths.flatMap((rel) => this.s.describe.get<Omit<SearchRow, 'score'>>(this.collection, rel) ?? []);
  }
}
