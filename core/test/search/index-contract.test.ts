import { createRequire } from 'node:module';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SyncResult } from '../../src/search/index.js';
import { writeQmdConfig } from '../../src/search/qmd-collection.js';
import { createQmdContext, runQmd } from '../../src/search/qmd-process.js';
import { SCHEMA_VERSION, wordRules } from '../../src/search/worker/index-db.js';
import { disposeSandbox, makeEngine, makeSandbox, NODE_BINARY, QMD_CLI, scannedEngine, type Sandbox } from './qmd-fixture.js';

interface Db {
  prepare(sql: string): { all(...p: unknown[]): Record<string, unknown>[]; run(...p: unknown[]): unknown; get(...p: unknown[]): Record<string, unknown> | undefined };
  exec(sql: string): void;
  close(): void;
}
const Database = createRequire(import.meta.url)('better-sqlite3') as new (path: string) => Db;

const NOTES = {
  'projects/alpha/state.md': '# Alpha state\n\nThe alpha project uses a flux capacitor.\n',
  'bucket/b.md': '# B\n\nflux notes, ไฟฟ้าดับ\n',
  'overview.md': '# Overview\n\nflux everywhere\n',
  'inbox/1/review.md': '# Review\n\nflux question\n',
};

const indexPath = (s: Sandbox) => join(s.state, 'search', 'index.sqlite');

describe("the search index's contract", () => {
  let sandbox: Sandbox;
  afterEach(() => disposeSandbox(sandbox));

  it("is one SQLite file of Knower's own: facts, the notes in search, a contentless full-text index, no copy of the notes' text", async () => {
    sandbox = await makeSandbox(NOTES);
    const engine = await scannedEngine(sandbox);
    await engine.close();
    const db = new Database(indexPath(sandbox));
    try {
      const tables = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'notes_fts_%' ORDER BY name")
        .all()
        .map((r) => r.name);
      expect(tables).toEqual(['files', 'languages', 'meta', 'notes', 'notes_fts', 'pdf_texts', 'set_aside', 'spaceless_words']);
      const meta = Object.fromEntries(
        db
          .prepare('SELECT key, value FROM meta')
          .all()
          .map((r) => [r.key, r.value]),
      );
      expect(meta).toMatchObject({ schema: String(SCHEMA_VERSION), tokenizer: wordRules(), root: sandbox.vault, complete: expect.any(String) });
      // Only the indexed set is in search; every visible file has its facts.
      expect(
        db
          .prepare('SELECT path FROM notes ORDER BY path')
          .all()
          .map((r) => r.path),
      ).toEqual(['bucket/b.md', 'projects/alpha/state.md']);
      expect(db.prepare('SELECT COUNT(*) AS n FROM files').get()?.n).toBe(4);
      // The text stays in the vault: notes keep a title and a hash, the full-text index tokens only.
      expect(
        db
          .prepare("SELECT name FROM pragma_table_info('notes')")
          .all()
          .map((r) => r.name),
      ).toEqual(['id', 'path', 'title', 'hash', 'lang', 'name_key', 'title_key']);
      expect(
        db
          .prepare('SELECT title, body, stems FROM notes_fts')
          .all()
          .every((r) => r.title === null && r.body === null && r.stems === null),
      ).toBe(true);
      expect(
        db
          .prepare('SELECT word FROM spaceless_words ORDER BY word')
          .all()
          .map((r) => r.word),
      ).toEqual(['ดับ', 'ไฟฟ้า']);
    } finally {
      db.close();
    }
    // qmd's database is not touched: qmd builds its own when deep search needs it.
    expect(existsSync(join(sandbox.state, 'qmd', 'index.sqlite'))).toBe(false);
  });

  it('indexes every note again when words are cut by other rules, keeping what it knew of each file', async () => {
    sandbox = await makeSandbox(NOTES);
    await (await scannedEngine(sandbox)).close();
    const db = new Database(indexPath(sandbox));
    db.prepare("UPDATE meta SET value = 'older rules' WHERE key = 'tokenizer'").run();
    db.prepare("UPDATE files SET origin = 'event' WHERE path = 'bucket/b.md'").run();
    db.close();

    const again = makeEngine(sandbox);
    const batches: SyncResult[] = [];
    await again.scan((b) => batches.push(b));
    expect(sandbox.logs).toContainEqual(expect.objectContaining({ msg: 'search index rebuilt', extra: { reason: expect.stringMatching(/^words are now cut differently \(older rules → /) } }));
    expect(batches.flatMap((b) => b.upserts).find((f) => f.path === 'bucket/b.md')).toMatchObject({ indexed: true, origin: 'event' });
    expect((await again.search({ query: 'ไฟฟ้า' })).results.map((h) => h.path)).toEqual(['bucket/b.md']);
  });

  it("takes over the file facts an earlier version kept inside qmd's database, then removes that database", async () => {
    sandbox = await makeSandbox(NOTES);
    mkdirSync(join(sandbox.state, 'qmd'), { recursive: true });
    const legacy = new Database(join(sandbox.state, 'qmd', 'index.sqlite'));
    legacy.exec(`CREATE TABLE knower_files (path TEXT PRIMARY KEY, kind TEXT NOT NULL, size INTEGER NOT NULL, mtime_ms REAL NOT NULL,
      birthtime_ms REAL NOT NULL, tokens INTEGER, body_hash TEXT, frontmatter TEXT, indexed INTEGER NOT NULL DEFAULT 0, origin TEXT) WITHOUT ROWID`);
    legacy.exec('CREATE TABLE documents (id INTEGER PRIMARY KEY, path TEXT)');
    legacy.prepare("INSERT INTO knower_files VALUES ('bucket/b.md', 'note', 5, 1, 1, 2, NULL, NULL, 1, 'event')").run();
    legacy.close();

    const engine = makeEngine(sandbox);
    const batches: SyncResult[] = [];
    await engine.scan((b) => batches.push(b));
    expect(batches.flatMap((b) => b.upserts).find((f) => f.path === 'bucket/b.md')).toMatchObject({ indexed: true, origin: 'event' });
    expect(batches.flatMap((b) => b.upserts).find((f) => f.path === 'projects/alpha/state.md')).toMatchObject({ indexed: true, origin: 'scan' });
    expect((await engine.search({ query: 'flux' })).results).toHaveLength(2);
    expect(existsSync(join(sandbox.state, 'qmd', 'index.sqlite'))).toBe(false);
    expect(sandbox.logs).toContainEqual(expect.objectContaining({ extra: { reason: expect.stringMatching(/^took over the file facts of the previous index/) } }));
  });

  it("gives qmd's own CLI a config it indexes the same notes from: update, search, get and a lex-only query", async () => {
    sandbox = await makeSandbox(NOTES);
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: sandbox.home };
    const ctx = createQmdContext({ nodeBinary: NODE_BINARY, cliPath: QMD_CLI, vaultRoot: sandbox.vault, stateDir: sandbox.state, collection: 'vault', env });
    mkdirSync(ctx.qmdDir, { recursive: true });
    await writeQmdConfig(ctx, 'vault', sandbox.vault);
    const update = await runQmd(ctx, ['update'], 60_000);
    expect(update.ok, update.ok ? '' : update.error).toBe(true);

    const files = (stdout: string) => (JSON.parse(stdout.slice(stdout.search(/^\[/m))) as { file: string }[]).map((h) => h.file).sort();
    const search = await runQmd(ctx, ['search', '--json', '-c', 'vault', '--', 'flux'], 30_000);
    expect(files(search.stdout)).toEqual(['qmd://vault/bucket/b.md', 'qmd://vault/projects/alpha/state.md']);
    const query = await runQmd(ctx, ['query', '--json', '--no-rerank', '-c', 'vault', '--', 'lex: capacitor'], 30_000);
    expect(query.ok, query.ok ? '' : query.error).toBe(true);
    expect(files(query.stdout)).toEqual(['qmd://vault/projects/alpha/state.md']);
    const get = await runQmd(ctx, ['get', 'vault/projects/alpha/state.md'], 30_000);
    expect(get.stdout).toContain('The alpha project uses a flux capacitor.');
  });
});
