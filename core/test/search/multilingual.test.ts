import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareWithGrep, generateMultilingualVault, SCRIPTS, type ScriptFigures } from '../../bench/multilingual/corpus.js';
import type { SearchEngine } from '../../src/search/index.js';
import { AS_TYPED_SCORE } from '../../src/search/worker/note-search.js';
import { disposeSandbox, makeSandbox, scannedEngine, type Sandbox } from './qmd-fixture.js';

/** Scripts whose words the dictionary cuts (ICU): a few notes may cut a word unlike its query. */
const SEGMENTED = new Set(['Thai', 'Lao', 'Khmer', 'Myanmar']);

describe('search agrees with grep in fifteen scripts', () => {
  let sandbox: Sandbox;
  let engine: SearchEngine;
  let figures: ScriptFigures[];

  beforeAll(async () => {
    sandbox = await makeSandbox();
    await mkdir(join(sandbox.vault, 'notes'), { recursive: true });
    await generateMultilingualVault(sandbox.vault, 300);
    engine = await scannedEngine(sandbox);
    figures = await compareWithGrep(sandbox.vault, async (word) => {
      const res = await engine.search({ query: word, limit: 500 });
      expect(res.degraded).toBeUndefined();
      // What grep finds is what the words as typed find; the notes their stems find rank below.
      return res.results.filter((h) => h.score >= AS_TYPED_SCORE).map((h) => h.path);
    });
  }, 120_000);
  afterAll(() => disposeSandbox(sandbox));

  it('finds the notes grep finds, word by word, file for file', () => {
    expect(figures.map((f) => f.script)).toEqual(SCRIPTS.map((s) => s.script));
    for (const f of figures) {
      // Every word of the dictionary is asked for, and found somewhere.
      expect(f.grepHits, f.script).toBeGreaterThan(f.words * 2);
      expect(f.recall, `${f.script} recall; differing words: ${JSON.stringify(f.misses)}`).toBeGreaterThanOrEqual(0.95);
      expect(f.precision, `${f.script} precision; differing words: ${JSON.stringify(f.misses)}`).toBeGreaterThanOrEqual(0.98);
      // Where words are marked by spaces, or searched character by character, the answer is grep's exactly.
      if (!SEGMENTED.has(f.script)) expect(f.misses, f.script).toEqual([]);
    }
  });

  it('tests precision: Indic words share consonants and differ only by their vowel signs', () => {
    for (const script of ['Devanagari', 'Bengali', 'Tamil']) {
      const words = SCRIPTS.find((s) => s.script === script)!.words;
      const skeleton = (w: string) => w.replace(/\p{M}/gu, '');
      const sharing = words.filter((w) => words.some((o) => o !== w && skeleton(o) === skeleton(w)));
      expect(sharing.length, script).toBeGreaterThanOrEqual(3);
    }
  });
});
