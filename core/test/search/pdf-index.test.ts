import { rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchEngine } from '../../src/search/index.js';
import { encryptedPdf, manyPagesPdf, textPdf } from '../helpers/pdf-bytes.js';
import { disposeSandbox, makeSandbox, scannedEngine, writeNote, type Sandbox } from './qmd-fixture.js';

/** 50 pages, each naming itself; page 37 alone holds `word`. */
async function manual(word: string): Promise<Buffer> {
  const pages = Array.from({ length: 50 }, (_, i) => `Field manual, page ${i + 1}\nRoutine checks of the station.${i === 36 ? `\nA ${word} was seen near the pier.` : ''}`);
  return textPdf(pages, 'Field manual');
}

const drop = (sandbox: Sandbox, rel: string, bytes: Buffer) => {
  writeNote(sandbox, rel, '');
  writeFileSync(join(sandbox.vault, rel), bytes);
};

/** The hits for `query`, once the PDFs waiting are read (the reading is not part of the save). */
async function found(engine: SearchEngine, query: string, until: (paths: string[]) => boolean) {
  let hits: Awaited<ReturnType<SearchEngine['search']>>['results'] = [];
  await vi.waitFor(
    async () => {
      hits = (await engine.search({ query, limit: 20 })).results;
      expect(until(hits.map((h) => h.path))).toBe(true);
    },
    { timeout: 60_000, interval: 100 },
  );
  return hits;
}

describe('PDFs in the vault, searchable by their text', () => {
  let sandbox: Sandbox;
  afterEach(() => disposeSandbox(sandbox));

  it('a PDF dropped in by hand is found by a word of its page 37, the hit naming the page; one under inbox/ is not', { timeout: 120_000 }, async () => {
    sandbox = await makeSandbox({ 'notes/pier.md': '# Pier\n\nThe pier was repainted.\n' });
    const engine = await scannedEngine(sandbox);
    drop(sandbox, 'papers/manual.pdf', await manual('quokka'));
    drop(sandbox, 'inbox/7/manual.pdf', await manual('quokka'));
    const sync = await engine.sync(['papers/manual.pdf', 'inbox/7/manual.pdf']);
    // Listed in the tree at once, as any file is.
    expect(sync.upserts.map((f) => [f.path, f.kind])).toEqual([
      ['papers/manual.pdf', 'file'],
      ['inbox/7/manual.pdf', 'file'],
    ]);

    const hits = await found(engine, 'quokka', (paths) => paths.includes('papers/manual.pdf'));
    expect(hits).toEqual([expect.objectContaining({ path: 'papers/manual.pdf', title: 'Field manual', page: 37, snippet: expect.stringContaining('A quokka was seen near the pier.') })]);
    expect(hits[0]!.truncated).toBeUndefined();
    // Found by its name too; a note's hit has no page.
    expect((await engine.search({ query: 'manual', limit: 5 })).results.map((h) => h.path)).toEqual(['papers/manual.pdf']);
    expect((await engine.search({ query: 'repainted', limit: 5 })).results).toEqual([expect.not.objectContaining({ page: expect.anything() })]);
    // /health's counts follow the reading (asked of the index while PDFs wait).
    await vi.waitFor(() => expect(engine.status().pdfs).toEqual({ indexed: 1, waiting: 0, setAside: 0 }), { timeout: 30_000, interval: 200 });
  });

  it('a PDF replaced by hand is found by its new text, not its old; deleted, it is gone', { timeout: 120_000 }, async () => {
    sandbox = await makeSandbox({ 'notes/a.md': '# A\n\nplain\n' });
    const engine = await scannedEngine(sandbox);
    drop(sandbox, 'papers/manual.pdf', await manual('quokka'));
    await engine.sync(['papers/manual.pdf']);
    await found(engine, 'quokka', (paths) => paths.includes('papers/manual.pdf'));

    drop(sandbox, 'papers/manual.pdf', await textPdf(['A wombat on the first page']));
    // Same size or not, the time moves: a replaced file is a changed file.
    utimesSync(join(sandbox.vault, 'papers/manual.pdf'), new Date(), new Date(Date.now() + 5_000));
    await engine.sync(['papers/manual.pdf']);
    const hits = await found(engine, 'wombat', (paths) => paths.includes('papers/manual.pdf'));
    expect(hits[0]).toMatchObject({ path: 'papers/manual.pdf', page: 1 });
    expect((await engine.search({ query: 'quokka', limit: 5 })).results).toEqual([]);

    rmSync(join(sandbox.vault, 'papers/manual.pdf'));
    expect((await engine.sync(['papers/manual.pdf'])).removed).toEqual(['papers/manual.pdf']);
    expect((await engine.search({ query: 'wombat', limit: 5 })).results).toEqual([]);
    expect(engine.status().pdfs).toEqual({ indexed: 0, waiting: 0, setAside: 0 });
  });

  it('an encrypted PDF and a PDF bomb leave the vault indexed, each found by its name and saying why only by it', { timeout: 120_000 }, async () => {
    sandbox = await makeSandbox({ 'notes/a.md': '# A\n\nplain kumquat\n' });
    drop(sandbox, 'papers/locked.pdf', encryptedPdf());
    drop(sandbox, 'papers/bomb.pdf', manyPagesPdf(100_000));
    drop(sandbox, 'papers/after.pdf', await textPdf(['A kumquat tree in the yard']));
    const engine = await scannedEngine(sandbox);
    const hits = await found(engine, 'kumquat', (paths) => paths.includes('papers/after.pdf'));
    expect(hits.map((h) => h.path).sort()).toEqual(['notes/a.md', 'papers/after.pdf']);
    await vi.waitFor(() => expect(engine.status().pdfs).toEqual({ indexed: 3, waiting: 0, setAside: 0 }), { timeout: 60_000, interval: 200 });
    expect((await engine.search({ query: 'locked', limit: 5 })).results).toEqual([
      expect.objectContaining({ path: 'papers/locked.pdf', snippet: '', truncated: 'only its name is searchable: the PDF is protected by a password' }),
    ]);
    const bomb = (await engine.search({ query: 'bomb', limit: 5 })).results;
    expect(bomb).toEqual([expect.objectContaining({ path: 'papers/bomb.pdf', truncated: expect.stringMatching(/^only its name is searchable: /) })]);
  });
});
