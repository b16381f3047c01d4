import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchEngine } from '../../src/search/index.js';
import { disposeSandbox, makeSandbox, scannedEngine, type Sandbox } from './qmd-fixture.js';

/**
 * Per language: the note a question is about, and notes of other questions asked in the same
 * words ("what did … say?"), each holding one of its content words: matched by the question's
 * function words, they outrank the note about its subject unless those words are dropped.
 */
const LANGUAGES = [
  { question: 'what did Caroline paint', about: 'Caroline painted a sunset over the lake in June.', asked: (w: string) => `What did ${w} say? What did we decide, and what did they do next?` },
  { question: "qu'est-ce que Margot a vendu", about: 'Margot a vendu sa voiture rouge au voisin.', asked: (w: string) => `Qu'est-ce que ${w} a dit ? Qu'est-ce que nous avons fait ensuite ?` },
  {
    question: 'wie kann ich Lieferanten wechseln',
    about: 'Lieferanten wechseln: Vertrag kündigen und das neue Angebot unterschreiben.',
    asked: (w: string) => `Wie kann ich das ${w} finden? Wie kann ich ihn fragen, und wie kann ich das ändern?`,
  },
];
const CONTENT: Record<number, string[]> = { 0: ['caroline', 'paint'], 1: ['margot', 'vendu'], 2: ['lieferanten', 'wechseln'] };

const FILES: Record<string, string> = {};
LANGUAGES.forEach((l, i) => {
  FILES[`q${i}/about.md`] = `# Note\n\n${l.about}\n`;
  for (let j = 0; j < 4; j++) FILES[`q${i}/asked-${j}.md`] = `# Question ${j}\n\n${l.asked(CONTENT[i]![j % 2]!)}\n`;
});
// Notes of other subjects: the function words stay rare enough to weigh.
for (let i = 0; i < 30; i++) FILES[`other/n${i}.md`] = `# Other ${i}\n\nGroceries, trains and weather: item ${i}.\n`;
FILES['music/the-who.md'] = '# The Who\n\nThe Who played Tommy live.\n';

const paths = async (engine: SearchEngine, query: string) => (await engine.search({ query, limit: 20 })).results.map((h) => h.path);

describe("a question's function words", () => {
  let sandbox: Sandbox;
  let engine: SearchEngine;
  beforeAll(async () => {
    sandbox = await makeSandbox(FILES);
    engine = await scannedEngine(sandbox);
  }, 60_000);
  afterAll(() => disposeSandbox(sandbox));

  it('are dropped in English, French and German, so the note about its subject ranks first; alone or quoted, they are searched', async () => {
    for (const [i, l] of LANGUAGES.entries()) expect((await paths(engine, l.question))[0], l.question).toBe(`q${i}/about.md`);
    // Searched as typed when nothing else is left, alone or quoted.
    expect((await paths(engine, 'the who'))[0]).toBe('music/the-who.md');
    expect(await paths(engine, 'the')).toContain('q0/about.md');
    expect(await paths(engine, '"what did"')).toEqual(expect.arrayContaining(['q0/asked-0.md', 'q0/asked-1.md']));
    expect(await paths(engine, '"what did"')).not.toContain('q0/about.md');
  });
});
