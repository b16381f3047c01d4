import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchEngine } from '../../src/search/index.js';
import { isStopword } from '../../src/search/worker/stopwords.js';
import { disposeSandbox, makeSandbox, scannedEngine, type Sandbox } from './qmd-fixture.js';

const FILES: Record<string, string> = {
  // The answer to "where are we going for the anniversary dinner?": it never says "going".
  'notes/saturday-plans.md': '# Saturday\n\nAnniversary dinner: booked the corner table at Marlowe for eight.\n',
  // Long chats that hold every word of the question, the rare one in passing.
  ...Object.fromEntries(
    Array.from({ length: 12 }, (_, i) => [
      `chats/${i}.md`,
      `# Chat ${i}\n\n${Array.from({ length: 8 }, (_, j) => `We are going to the gym again, then dinner at home. The train was late, the weather was grey, work was busy (${i}.${j}).`).join('\n\n')}\n\nMy cousin had an anniversary party last year.\n`,
    ]),
  ),
  // The frequent words are everywhere: going and dinner weigh little, anniversary much.
  ...Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`other/${i}.md`, `# Other ${i}\n\nI am going out for dinner with friends, item ${i}.\n`])),
  // "make" is what tells these apart: the bakery note says "bread" more, in fewer words.
  'kitchen/bakery.md': '# Bakery\n\nBread, bread and more bread at the bakery.\n',
  'kitchen/loaf.md': '# Loaf\n\nMake bread at home: flour, water, salt and a warm place for the dough to rise overnight.\n',
};

const paths = async (engine: SearchEngine, query: string) => (await engine.search({ query, limit: 10 })).results.map((h) => h.path);

describe('a question', () => {
  let sandbox: Sandbox;
  let engine: SearchEngine;
  beforeAll(async () => {
    sandbox = await makeSandbox(FILES);
    engine = await scannedEngine(sandbox);
  }, 60_000);
  afterAll(() => disposeSandbox(sandbox));

  it('finds its answer first when the answer lacks one of its words, over notes holding every word but about other things', async () => {
    const found = await paths(engine, 'where are we going for the anniversary dinner?');
    expect(found[0]).toBe('notes/saturday-plans.md');
    // The notes holding every word still follow it.
    expect(found.slice(1, 4).every((p) => p.startsWith('chats/'))).toBe(true);
  });

  it('keeps its content verbs: make, take, get, said… are searched', async () => {
    expect((await paths(engine, 'how do I make bread'))[0]).toBe('kitchen/loaf.md');
  });
});

describe('function words', () => {
  it('are the closed classes only: lexical verbs, nouns and adjectives of the lists are not dropped', () => {
    for (const word of ['make', 'take', 'get', 'got', 'came', 'come', 'like', 'said', 'way', 'well', 'same']) expect(isStopword(word, ['eng']), word).toBe(false);
    for (const word of ['machen', 'gehen', 'zeit', 'gut', 'zwei']) expect(isStopword(word, ['deu']), word).toBe(false);
    expect(isStopword('faire', ['fra'])).toBe(false);
    // Pronouns, articles, auxiliaries, prepositions, conjunctions and question words stay, with those the English list lacked.
    for (const word of ['the', 'a', 'what', 'did', 'how', 'i', 'of', 'and', 'when', 'why', 'us', 'does', 'will']) expect(isStopword(word, ['eng']), word).toBe(true);
    for (const word of ['und', 'der', 'wie', 'kann', 'ich']) expect(isStopword(word, ['deu']), word).toBe(true);
  });
});
