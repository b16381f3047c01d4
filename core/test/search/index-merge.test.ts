import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { planQuery } from '../../src/search/worker/fts-query.js';
import { openForSearch, openIndex, SEARCH_CACHE_KIB } from '../../src/search/worker/index-db.js';
import { NoteSearch } from '../../src/search/worker/note-search.js';
import { NoteStore } from '../../src/search/worker/note-store.js';
import type { Db } from '../../src/search/worker/sqlite.js';
import { makeTempDir } from '../helpers/temp-dir.js';

/**
 * The segments FTS5 holds the index in. Its pages live in notes_fts_data under ids that carry
 * the segment's number from bit 37 up; a segment's deletion marks sit 2^16 numbers above it.
 */
function segments(db: Db): { live: number; tombstones: number } {
  const ids = db.prepare('SELECT id FROM notes_fts_data WHERE id > 10').pluck().all<number>();
  const numbers = new Set(ids.map((id) => Math.floor(id / 2 ** 37)));
  const tombstones = [...numbers].filter((n) => n >= 2 ** 16).length;
  return { live: numbers.size - tombstones, tombstones };
}

const WORDS = ['harbour', 'saffron', 'marimba', 'quetzal', 'ledger', 'orbit'];

/** A note whose words and length vary with i, so that BM25 orders them by more than their ids. */
const noteText = (i: number) =>
  Array.from({ length: 3 + (i % 7) }, (_, k) => WORDS[(i * (k + 1)) % WORDS.length])
    .concat(i % 3 === 0 ? ['harbour', 'harbour'] : [])
    .join(' ');

describe("the full-text index's segments", () => {
  let cleanup: (() => Promise<void>) | undefined;
  let db: Db | undefined;
  afterEach(async () => {
    db?.close();
    db = undefined;
    await cleanup?.();
  });

  /** A fresh index merged after 40 writes, with `batches` transactions of `size` notes written: a segment each. */
  async function storeWith(batches: number, size: number): Promise<{ db: Db; notes: NoteStore; file: string }> {
    const temp = await makeTempDir();
    cleanup = temp.cleanup;
    const file = path.join(temp.dir, 'index.sqlite');
    db = openIndex(file, temp.dir).db;
    const notes = new NoteStore(db, 40);
    for (let batch = 0; batch < batches; batch++) {
      notes.transaction(() => {
        for (let i = batch * size; i < (batch + 1) * size; i++) notes.index(`n${i}.md`, `Note ${i}`, noteText(i));
      });
    }
    return { db, notes, file };
  }

  it('are merged into one, deletions folded in, once enough notes were written; searches find the same notes in the same order', async () => {
    // Five batches, as a first pass writes them. Then edits and removals.
    const { db, notes } = await storeWith(5, 8);
    notes.transaction(() => {
      for (let i = 0; i < 6; i++) notes.index(`n${i}.md`, `Note ${i}`, `${noteText(i + 1)} edited`);
      notes.remove('n7.md');
    });
    const before = segments(db);
    expect(before.live).toBeGreaterThan(1);
    expect(before.tombstones).toBeGreaterThan(0);

    const search = new NoteSearch(db, 'bm25');
    const ask = (q: string) => search.search(planQuery(q)!, 20, null);
    const queries = ['harbour', 'saffron marimba', 'edited', 'orbit -quetzal', 'note'];
    const found = queries.map(ask);
    expect(found[0]!.length).toBeGreaterThan(5);

    expect(notes.compact()).toBe(true);
    expect(segments(db)).toEqual({ live: 1, tombstones: 0 });
    expect(queries.map(ask)).toEqual(found);

    // Merged just now: a few more writes are not worth another merge.
    notes.transaction(() => notes.index('n40.md', 'Note 40', noteText(40)));
    expect(notes.compact()).toBe(false);
    expect(segments(db).live).toBe(2);
  });

  it('are left as they are while fewer notes than the threshold were written', async () => {
    const { db, notes } = await storeWith(3, 10);
    // The job's own writes that change nothing indexed count for nothing.
    notes.transaction(() => {
      for (let i = 0; i < 30; i++) notes.index(`n${i}.md`, `Note ${i}`, noteText(i));
    });
    expect(notes.compact()).toBe(false);
    expect(segments(db).live).toBe(3);
  });

  it("are read by search connections through a small page cache of their own; the writer keeps SQLite's", async () => {
    const { db, file } = await storeWith(1, 8);
    const reader = openForSearch(file);
    try {
      expect(reader.db.pragma('cache_size', { simple: true })).toBe(-SEARCH_CACHE_KIB);
      expect(db.pragma('cache_size', { simple: true })).toBeLessThan(-SEARCH_CACHE_KIB);
      expect(new NoteSearch(reader.db, reader.rank).search(planQuery('harbour')!, 20, null).length).toBeGreaterThan(0);
    } finally {
      reader.db.close();
    }
  });
});
