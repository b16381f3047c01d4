import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { planQuery } from '../../src/search/worker/fts-query.js';
import { openForSearch, openIndex, type SearchConnection } from '../../src/search/worker/index-db.js';
import { NoteSearch } from '../../src/search/worker/note-search.js';
import { NoteStore } from '../../src/search/worker/note-store.js';
import type { Db } from '../../src/search/worker/sqlite.js';
import { makeTempDir } from '../helpers/temp-dir.js';

// knower_bm25 (core/native/knower-rank.c, built by `npm run build`) must rank exactly as FTS5's
// bm25() does: the same notes, the same scores to the bit, whatever the query's shape, and still
// after another connection (the index worker) edits, adds and removes notes.

const WORDS = ['harbour', 'harbours', 'saffron', 'marimba', 'quetzal', 'ledger', 'orbit', 'meeting', 'meetings', 'meetup', 'budget', '知', '识', '库'];

/** Deterministic notes of varied length, words and titles (a small LCG, no randomness between runs). */
function corpus(count: number, seed: number): { rel: string; title: string; text: string }[] {
  let state = seed;
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
  return Array.from({ length: count }, (_, i) => {
    const words = Array.from({ length: 2 + next(60) }, () => WORDS[next(WORDS.length)]!);
    return { rel: `notes/n${i}.md`, title: `${WORDS[next(WORDS.length)]} ${i}`, text: `${words.join(' ')}${i % 5 === 0 ? ' 知识库' : ''}` };
  });
}

const QUERIES = [
  '"harbour"',
  '"harbour" *',
  '"meet" *',
  '"saffron" AND "marimba"',
  '"ledger" OR "orbit" OR "quetzal"',
  '"budget" NOT "meeting"',
  '"知 识 库"',
  'title : "saffron"',
  '("harbour" * AND "meetings") OR "quetzal"',
];

/** Every match with its score, ranked by `fn`, in rank order (ties by rowid). */
const ranked = (db: Db, fn: string, match: string) =>
  db.prepare(`SELECT rowid AS id, ${fn}(notes_fts, 4.0, 1.0) AS score FROM notes_fts WHERE notes_fts MATCH ? ORDER BY score, rowid`).all<{ id: number; score: number }>(match);

describe('the ranking extension (knower_bm25)', () => {
  let cleanup: (() => Promise<void>) | undefined;
  const open: Db[] = [];
  afterEach(async () => {
    for (const db of open.splice(0)) db.close();
    await cleanup?.();
  });

  async function index(count: number): Promise<{ notes: NoteStore; file: string; dir: string }> {
    const temp = await makeTempDir();
    cleanup = temp.cleanup;
    const file = path.join(temp.dir, 'index.sqlite');
    const { db } = openIndex(file, temp.dir);
    open.push(db);
    const notes = new NoteStore(db);
    notes.transaction(() => {
      for (const n of corpus(count, 7)) notes.index(n.rel, n.title, n.text);
    });
    return { notes, file, dir: temp.dir };
  }

  function reader(file: string, extension?: string): SearchConnection {
    const connection = extension === undefined ? openForSearch(file) : openForSearch(file, extension);
    open.push(connection.db);
    return connection;
  }

  it('is built and loaded by search connections', async () => {
    const { file } = await index(10);
    const connection = reader(file);
    expect(connection.slowRanking).toBeUndefined();
    expect(connection.rank).toBe('knower_bm25');
  });

  it("scores every match exactly as FTS5's bm25() does, for every kind of query", async () => {
    const { file } = await index(400);
    const { db } = reader(file);
    for (const match of QUERIES) {
      const expected = ranked(db, 'bm25', match);
      expect(expected.length, match).toBeGreaterThan(0);
      expect(ranked(db, 'knower_bm25', match), match).toEqual(expected);
    }
  });

  it("still does after the index worker's connection edits, adds and removes notes", async () => {
    const { notes, file } = await index(300);
    const { db } = reader(file);
    const check = (when: string) => {
      for (const match of QUERIES) expect(ranked(db, 'knower_bm25', match), `${when}: ${match}`).toEqual(ranked(db, 'bm25', match));
    };
    check('at first');
    // Edits keep a note's rowid and change its length: a length read before must not be used.
    notes.transaction(() => {
      for (const n of corpus(300, 11).slice(0, 120)) notes.index(n.rel, n.title, `${n.text} ${n.text}`);
    });
    check('after edits');
    notes.transaction(() => {
      for (let i = 0; i < 40; i++) notes.remove(`notes/n${i * 3}.md`);
      for (const n of corpus(60, 13)) notes.index(`more/${n.rel}`, n.title, n.text);
    });
    check('after removals and additions');
    notes.compact();
    check('after a merge');
  });

  it('keeps the length of each note it ranked until the data changes', async () => {
    const { notes, file } = await index(300);
    const { db } = reader(file);
    const held = () => db.prepare('SELECT knower_rank_lengths()').pluck().get<number>();
    const ids = (match: string) => ranked(db, 'knower_bm25', match).map((r) => r.id);
    expect(held()).toBe(0);
    const saffron = ids('"saffron"');
    expect(held()).toBe(saffron.length);
    ids('"saffron"');
    expect(held()).toBe(saffron.length);
    const both = new Set([...saffron, ...ids('"quetzal"')]);
    expect(held()).toBe(both.size);
    // Another connection writes (the index worker): every length is forgotten, then read again as needed.
    notes.transaction(() => notes.index('notes/new.md', 'New', 'harbour ledger'));
    expect(held()).toBe(0);
    const fresh = ids('"new"');
    expect(held()).toBe(fresh.length);
  });

  it('fails a ranking that runs past the deadline its connection was given, and only then', async () => {
    const { file } = await index(3000);
    const { db } = reader(file);
    const deadline = db.prepare('SELECT knower_deadline(?)');
    const rank = () => ranked(db, 'knower_bm25', '"meet" * OR "harbour"');
    const pause = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    const expected = rank().length;
    expect(expected).toBeGreaterThan(1000);

    deadline.get(1);
    pause(5);
    expect(rank).toThrow(/interrupted: the search ran past its deadline/);

    // Within its deadline, or without one, the same statements run to the end.
    deadline.get(60_000);
    expect(rank()).toHaveLength(expected);
    deadline.get(0);
    pause(5);
    expect(rank()).toHaveLength(expected);
  });

  it('gives the same hits through the search as bm25() does', async () => {
    const { file } = await index(300);
    const fast = reader(file);
    const plain = reader(file, '/nonexistent/knower-rank.so');
    const [a, b] = [new NoteSearch(fast.db, fast.rank), new NoteSearch(plain.db, plain.rank)];
    for (const q of ['harbour', 'meet', 'saffron marimba quetzal', 'budget -meeting', '知识库', '"ledger orbit"']) {
      const plan = planQuery(q)!;
      expect(a.search(plan, 10, null), q).toEqual(b.search(plan, 10, null));
      expect(a.search(plan, 10, 'notes/'), q).toEqual(b.search(plan, 10, 'notes/'));
    }
  });

  it('falls back to bm25() itself, saying why, where the extension was not built or cannot load', async () => {
    const { file, dir } = await index(10);
    const missing = reader(file, path.join(dir, 'none.so'));
    expect(missing.rank).toBe('bm25');
    expect(missing.slowRanking).toMatch(/was not built/);
    const broken = reader(file, file);
    expect(existsSync(file)).toBe(true);
    expect(broken.rank).toBe('bm25');
    expect(broken.slowRanking).toMatch(/could not be loaded/);
    expect(new NoteSearch(broken.db, broken.rank).search(planQuery('harbour')!, 5, null).length).toBeGreaterThan(0);
  });
});
