import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SearchEngine } from '../../src/search/index.js';
import { disposeSandbox, makeEngine, makeSandbox, scannedEngine, type Sandbox } from './qmd-fixture.js';

interface Db {
  prepare(sql: string): { run(...args: unknown[]): unknown; pluck(): { get(...args: unknown[]): unknown } };
  close(): void;
}
const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string) => Db;

/**
 * Each note says one thing in one language, with enough of its function words to be told apart;
 * each query asks for a form of a word the note does not hold as typed, nor as a prefix.
 */
const NOTES: Record<string, string> = {
  'en/fence.md': '# Saturday\n\nWe are painting the fence in the garden, and it is taking all day.\n',
  'en/painted.md': '# Kitchen\n\nThe kitchen was painted blue by the owners in the spring.\n',
  'en/roadmap.md': '# Roadmap\n\nThe plan for the next quarter is on the board, and it is short.\n',
  'fr/ferme.md': '# La ferme\n\nLe cheval est dans le pré avec les vaches, et il mange du foin.\n',
  'fr/marche.md': '# Le marché\n\nNous avons acheté des pommes et du pain pour les enfants.\n',
  'de/konto.md': '# Konto\n\nDie Rechnung für den Strom ist noch nicht bezahlt, und sie ist hoch.\n',
  'de/garten.md': '# Garten\n\nIm Garten ist der Boden noch nass, und wir haben nicht gemäht.\n',
  'es/escuela.md': '# Escuela\n\nEl libro de la escuela está en la mesa, y no es para los niños.\n',
  'es/cocina.md': '# Cocina\n\nLa cena de los viernes es con los amigos y la familia.\n',
  'ru/biblioteka.md': '# Библиотека\n\nНа полке стоит одна книга о море.\n',
  'it/torta.md': '# Torta\n\nPer la torta della nonna serve una mela e un po di zucchero, che è nella dispensa.\n',
  'it/viaggio.md': '# Viaggio\n\nIl treno per Roma parte alle otto, e non è in ritardo.\n',
};

const paths = async (engine: SearchEngine, query: string) => (await engine.search({ query, limit: 20 })).results.map((h) => h.path);

describe('stemming: a word finds the notes holding another form of it', () => {
  let sandbox: Sandbox;
  let engine: SearchEngine;
  beforeAll(async () => {
    sandbox = await makeSandbox(NOTES);
    engine = await scannedEngine(sandbox);
  }, 60_000);
  afterAll(() => disposeSandbox(sandbox));

  it('in English, French, German, Spanish, Russian and Italian', async () => {
    expect(await paths(engine, 'plans')).toEqual(['en/roadmap.md']);
    expect(await paths(engine, 'chevaux')).toEqual(['fr/ferme.md']);
    expect(await paths(engine, 'achetés')).toEqual(['fr/marche.md']);
    expect(await paths(engine, 'Rechnungen')).toEqual(['de/konto.md']);
    expect(await paths(engine, 'libros')).toEqual(['es/escuela.md']);
    expect(await paths(engine, 'книги')).toEqual(['ru/biblioteka.md']);
    expect(await paths(engine, 'mele')).toEqual(['it/torta.md']);
  });

  it('ranks the notes holding the word as typed above those holding only another form of it', async () => {
    const res = await engine.search({ query: 'painted', limit: 20 });
    expect(res.results.map((h) => h.path)).toEqual(['en/painted.md', 'en/fence.md']);
    expect(res.results[0]!.score).toBeGreaterThan(res.results[1]!.score);
    // A question finds the note in its own words.
    expect((await paths(engine, 'who painted the fence'))[0]).toBe('en/fence.md');
  });

  it('shows the line holding the other form in the snippet', async () => {
    const [hit] = (await engine.search({ query: 'plans' })).results;
    expect(hit?.snippet).toContain('The plan for the next quarter');
  });
});

describe('an index built before stemming', () => {
  let sandbox: Sandbox;
  afterEach(() => disposeSandbox(sandbox));

  it('is rebuilt once from the vault by the version that stems, then finds the other forms', async () => {
    sandbox = await makeSandbox({ 'en/roadmap.md': NOTES['en/roadmap.md']! });
    await (await scannedEngine(sandbox)).close();
    const db = new Database(join(sandbox.state, 'search', 'index.sqlite'));
    db.prepare("UPDATE meta SET value = '1' WHERE key = 'schema'").run();
    db.close();

    const again = makeEngine(sandbox);
    await again.scan(() => undefined);
    expect(sandbox.logs).toContainEqual(expect.objectContaining({ msg: 'search index rebuilt', extra: { reason: expect.stringMatching(/schema 1/) } }));
    expect((await again.search({ query: 'plans' })).results.map((h) => h.path)).toEqual(['en/roadmap.md']);
    await again.close();

    // Once: the next start keeps the index.
    const rebuilt = sandbox.logs.filter((l) => l.msg === 'search index rebuilt').length;
    const third = makeEngine(sandbox);
    await third.scan(() => undefined);
    expect(sandbox.logs.filter((l) => l.msg === 'search index rebuilt')).toHaveLength(rebuilt);
  });
});
