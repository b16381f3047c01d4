import { closeSync, existsSync, openSync, statSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SearchEngine } from '../../src/search/index.js';
import type { Db } from '../../src/search/worker/sqlite.js';
import { disposeSandbox, makeSandbox, scannedEngine, waitFor, type Sandbox } from './qmd-fixture.js';

const Database = createRequire(import.meta.url)('better-sqlite3') as new (path: string, options?: { readonly?: boolean }) => Db;

/** Notes enough for an index of many pages, each with a word of its own. */
function notes(count: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i++) files[`notes/note-${i}.md`] = `# Note ${i}\n\nThe flux reading of marker${i}z was ${i * 7} units, ${'with lorem ipsum filler words '.repeat(20)}\n`;
  return files;
}

/** The whole file overwritten with garbage where it lies, as a bad disk or a stray write would. */
function overwriteWithGarbage(file: string): void {
  const size = statSync(file).size;
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(size, 'garbage!'), 0, size, 0);
  closeSync(fd);
}

/** The pages of FTS5's own table holding the index's terms overwritten, the rest of the file intact. */
function damageFtsShadowTables(file: string): void {
  const db = new Database(file, { readonly: true });
  const pages = db.prepare("SELECT pageno FROM dbstat WHERE name = 'notes_fts_data' AND pagetype = 'leaf'").pluck().all<number>();
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  db.close();
  const fd = openSync(file, 'r+');
  for (const page of pages.slice(1)) writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, (page - 1) * pageSize);
  closeSync(fd);
}

describe('a search index damaged while the service runs', () => {
  let sandbox: Sandbox;
  afterEach(() => disposeSandbox(sandbox));

  it.each([
    ['overwritten with garbage', overwriteWithGarbage],
    ['with its FTS5 shadow tables damaged', damageFtsShadowTables],
  ])('is found %s, said in the status until it is rebuilt from the vault, then searched again', { timeout: 120_000 }, async (_how, damage) => {
    sandbox = await makeSandbox(notes(300));
    const engine: SearchEngine = await scannedEngine(sandbox);
    expect(engine.status()).toMatchObject({ available: true, documents: 300 });
    expect(engine.status().degraded).toBeUndefined();
    const file = join(sandbox.state, 'search', 'index.sqlite');
    damage(file);

    // Words no search has read yet: their pages come from the damaged file, not a search's cache.
    let found: string | undefined;
    for (let i = 0; i < 300 && found === undefined; i += 37) {
      const res = await engine.search({ query: `marker${i}z` });
      if (res.degraded) found = engine.status().degraded;
    }
    expect(found).toMatch(/^the search index (is|was) damaged \((database disk image is malformed|file is not a database)\)/);
    expect(engine.status().available).toBe(true);

    // Rebuilt from the vault while the engine runs: every note found again.
    expect(await waitFor(() => engine.status().degraded === undefined, 60_000)).toBe(true);
    expect(engine.status()).toMatchObject({ documents: 300, partial: false });
    for (const i of [0, 150, 299]) {
      const res = await engine.search({ query: `marker${i}z` });
      expect(res.degraded).toBeUndefined();
      expect(res.results.map((h) => h.path)).toEqual([`notes/note-${i}.md`]);
    }
    expect(existsSync(`${file}.damaged`)).toBe(true);
    expect(sandbox.logs.map((l) => l.msg)).toEqual(expect.arrayContaining(['the search index is damaged; rebuilding it from the vault', 'search index rebuilt']));
  });
});
