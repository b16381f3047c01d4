import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchEngine } from '../../src/search/index.js';
import { disposeSandbox, makeSandbox, scannedEngine, type Sandbox } from './qmd-fixture.js';

const FILES: Record<string, string> = {
  'projects/rocket/launch.md': '# Launch plan\n\nThe launch is on the 12th of May, weather permitting.\n',
  'projects/rocket/budget.md': '# Budget\n\nThe budget for the launch date is approved.\n',
  'notes/csharp.md': '# Services\n\nWe write the billing service in C#, on .NET 8.\n',
  'notes/cpp.md': '# Engine\n\nThe physics engine is C++ with a little C.\n',
  'notes/fsharp.md': '# Scripts\n\nData scripts are in F#.\n',
  'notes/node.md': '# Frontend\n\nThe dashboard runs on node.js and React.\n',
  'notes/cats.md': '# Pets\n\nCats, cars and cards: nothing about programming here. The network is down.\n',
  'notes/versions.md': '# Versions\n\nWe pinned v2.8.3 after v2.8.2 broke.\n',
};
// Notes full of the sentence's small words, so that matching them alone ranks nothing useful.
for (let i = 0; i < 30; i++) FILES[`notes/filler ${i}.md`] = `# Filler ${i}\n\nWhen is the time? It is what it is, when the day is long.\n`;

const paths = async (engine: SearchEngine, query: string) => (await engine.search({ query, limit: 50 })).results.map((h) => h.path);

describe('what a search matches', () => {
  let sandbox: Sandbox;
  let engine: SearchEngine;
  beforeAll(async () => {
    sandbox = await makeSandbox(FILES);
    engine = await scannedEngine(sandbox);
  });
  afterAll(() => disposeSandbox(sandbox));

  it('answers a question typed as a sentence: the note about its subject ranks first', async () => {
    const found = await paths(engine, 'when is the launch');
    expect(found[0]).toBe('projects/rocket/launch.md');
    expect(found).toContain('projects/rocket/budget.md');
  });

  it('ranks notes holding every word above notes holding some', async () => {
    const res = await engine.search({ query: 'launch date', limit: 50 });
    expect(res.results.map((h) => h.path).slice(0, 2)).toEqual(['projects/rocket/budget.md', 'projects/rocket/launch.md']);
    expect(res.results[0]!.score).toBeGreaterThan(0.5);
    expect(res.results[1]!.score).toBeLessThanOrEqual(0.5);
  });

  it('finds technical names as written: C#, C++, F#, .NET, node.js, versions', async () => {
    expect(await paths(engine, 'C#')).toEqual(['notes/csharp.md']);
    expect(await paths(engine, 'c#')).toEqual(['notes/csharp.md']);
    expect(await paths(engine, 'C++')).toEqual(['notes/cpp.md']);
    expect(await paths(engine, 'F#')).toEqual(['notes/fsharp.md']);
    expect(await paths(engine, '.NET')).toEqual(['notes/csharp.md']);
    expect(await paths(engine, 'node.js')).toEqual(['notes/node.md']);
    expect(await paths(engine, 'v2.8.3')).toEqual(['notes/versions.md']);
    // A bare letter is that word (as in C, C#, C++), not every word starting with it (cats, cars).
    expect((await paths(engine, 'C')).sort()).toEqual(['notes/cpp.md', 'notes/csharp.md']);
    // The plain words still find their notes.
    expect((await paths(engine, 'network')).sort()).toEqual(['notes/cats.md']);
    expect((await paths(engine, 'node')).sort()).toEqual(['notes/node.md']);
  });

  it('shows the matched line in snippets, for symbols too', async () => {
    const [hit] = (await engine.search({ query: 'C#' })).results;
    expect(hit?.snippet).toContain('We write the billing service in C#, on .NET 8.');
  });
});

describe('a sentence in a vault where its words are everywhere', () => {
  let sandbox: Sandbox;
  let engine: SearchEngine;
  beforeAll(async () => {
    // Over a thousand notes: the size from which words in most notes are left out of the ranking.
    const files: Record<string, string> = {};
    for (let i = 0; i < 1100; i++) files[`n/${i}.md`] = `# Note ${i}\n\nWhen is the review of the plan${i % 4 === 0 ? ' and the launch' : ''}${i === 7 ? ' and the zeppelin' : ''}?\n`;
    sandbox = await makeSandbox(files);
    engine = await scannedEngine(sandbox);
  }, 60_000);
  afterAll(() => disposeSandbox(sandbox));

  it('still finds notes when a word of the question is in no note and the others are in most', async () => {
    const res = await engine.search({ query: 'when is the launch of the rocket', limit: 5 });
    expect(res.results).toHaveLength(5);
    for (const hit of res.results) expect(Number(/n\/(\d+)\.md/.exec(hit.path)?.[1]) % 4).toBe(0);
  });

  it('ranks the note holding the rare word first', async () => {
    expect((await engine.search({ query: 'when is the zeppelin review', limit: 3 })).results[0]?.path).toBe('n/7.md');
  });
});
