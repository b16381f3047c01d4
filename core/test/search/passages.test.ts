// A hit names its best passage (heading path, lines) and, asked with context, brings its text and
// its neighbours, bounded: through the real index worker, on notes written to a real vault.
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SearchEngine } from '../../src/search/index.js';
import { textPdf } from '../helpers/pdf-bytes.js';
import { disposeSandbox, fakeModels, makeSandbox, scannedEngine, writeFakeCli, writeNote, type Sandbox } from './qmd-fixture.js';

const GARDEN = [
  '---', //  1
  'created: 2024-01-01', //  2
  '---', //  3
  '# Garden', //  4
  '', //  5
  'What grows where, and when.', //  6
  '', //  7
  '## Vegetables', //  8
  '', //  9
  'Tomatoes go in after the last frost.', // 10
  '', // 11
  '### Beans', // 12
  '', // 13
  'Runner beans climb the fence by June.', // 14
  '', // 15
  '## Roses', // 16
  '', // 17
  'The climbing roses need pruning in February.', // 18
  'Prune to an outward-facing bud, and feed with mulch.', // 19
  '', // 20
  '## Compost', // 21
  '', // 22
  'Turn the heap monthly; a pruning or two goes in too.', // 23
].join('\n');

// A captured coding session, as the Claude Code hook sends it and it is filed: one turn per exchange.
const SESSION = [
  '# Session on the billing service',
  '',
  '- Asked: why do invoices show the wrong currency',
  '  Concluded: the locale came from the server, not the account.',
  '- Asked: where is the retry policy for webhooks',
  '  Concluded: in webhooks/retry.ts, five attempts with backoff.',
  '- Asked: can we drop the legacy exporter',
  '  Concluded: yes, once the finance team moves to the new CSV.',
  '',
].join('\n');

/** A long chapter: every paragraph three lines, one of them naming the kingfisher. */
const CHAPTER = [
  '# River log',
  '',
  ...Array.from({ length: 60 }, (_, i) => [`Day ${i + 1} on the river.`, i === 44 ? 'A kingfisher dived by the weir.' : 'Nothing of note; the water was high.', '']).flat(),
].join('\n');

/** Ten sections of ~900 characters each: five on each side of the one with the word do not fit in 4,000. */
const MANUAL = Array.from({ length: 11 }, (_, i) =>
  [`## Part ${i + 1}`, '', ...(i === 5 ? ['The quartzite step is here.'] : []), ...Array.from({ length: 12 }, () => 'Filler text about nothing much at all in this part.'), ''].join('\n'),
).join('\n');

describe('search hits name their best passage', () => {
  let sandbox: Sandbox;
  let engine: SearchEngine;
  beforeAll(async () => {
    sandbox = await makeSandbox({
      'notes/garden.md': GARDEN,
      'notes/session.md': SESSION,
      'notes/river.md': CHAPTER,
      'notes/manual.md': MANUAL,
      'notes/seeds.md': '# Seeds\n\nHeliotrope seeds are in the tin.\n',
      // Never searched, so never quoted: the inbox, profile.md, dot-folders.
      'inbox/7/review.md': '# Review\n\nThe heliotrope plan, private.\n',
      'profile.md': '# Profile\n\nLikes heliotrope.\n',
      '.private/diary.md': '# Diary\n\nheliotrope\n',
    });
    // A note that is a link to a file outside the vault is never read for a hit's text either.
    writeFileSync(join(sandbox.root, 'outside.md'), '# Outside\n\nheliotrope secrets\n');
    symlinkSync(join(sandbox.root, 'outside.md'), join(sandbox.vault, 'notes/linked.md'));
    engine = await scannedEngine(sandbox);
  });
  afterAll(() => disposeSandbox(sandbox));

  const hit = async (query: string, context?: number) => {
    const { results } = await engine.search({ query, ...(context !== undefined && { context }) });
    return results[0]!;
  };

  it('in a note of several sections, the section holding the most of the words: its heading path and its lines', async () => {
    // "pruning" is in Roses and in Compost; only Roses also holds "roses" and "february".
    const h = await hit('pruning roses february');
    expect(h.path).toBe('notes/garden.md');
    expect(h.passage).toEqual({ headings: ['Garden', 'Roses'], from: 16, to: 19 });
    // A sub-section's path runs through its parents; the lines before the first sub-heading are their own passage.
    expect((await hit('runner beans')).passage).toEqual({ headings: ['Garden', 'Vegetables', 'Beans'], from: 12, to: 14 });
    expect((await hit('tomatoes frost')).passage).toEqual({ headings: ['Garden', 'Vegetables'], from: 8, to: 10 });
    // Without context a hit carries no text.
    expect(h.text).toBeUndefined();
  });

  it('in a conversation note, the turn that holds the words', async () => {
    const h = await hit('webhooks retry');
    expect(h).toMatchObject({ path: 'notes/session.md', passage: { headings: ['Session on the billing service'], from: 5, to: 6 } });
    expect((await hit('legacy exporter', 0)).text).toBe('- Asked: can we drop the legacy exporter\n  Concluded: yes, once the finance team moves to the new CSV.');
  });

  it('in a long section, the window of lines holding the words', async () => {
    const h = await hit('kingfisher', 0);
    const line = CHAPTER.split('\n').indexOf('A kingfisher dived by the weir.') + 1;
    expect(h.passage!.headings).toEqual(['River log']);
    expect(h.passage!.from).toBeLessThanOrEqual(line);
    expect(h.passage!.to).toBeGreaterThanOrEqual(line);
    expect(h.passage!.to - h.passage!.from).toBeLessThan(30);
    expect(h.text).toContain('A kingfisher dived by the weir.');
    expect(h.textSpan).toEqual({ from: h.passage!.from, to: h.passage!.to, of: 'lines', cut: false });
  });

  it('context n brings n neighbouring passages on each side, read from the file', async () => {
    const h = await hit('pruning roses february', 1);
    expect(h.textSpan).toEqual({ from: 12, to: 23, of: 'lines', cut: false });
    expect(h.text).toBe(GARDEN.split('\n').slice(11, 23).join('\n'));
    // More neighbours than the note has: the whole body, nothing cut.
    expect((await hit('pruning roses february', 5)).textSpan).toEqual({ from: 4, to: 23, of: 'lines', cut: false });
    // The text is the file as it is now (the index keeps none).
    writeNote(sandbox, 'notes/garden.md', GARDEN.replace('feed with mulch', 'feed with seaweed'));
    expect((await hit('pruning roses february', 0)).text).toContain('feed with seaweed');
  });

  it('context is bounded: at most 4,000 characters a hit, cut at line boundaries, saying so', async () => {
    const h = await hit('quartzite', 5);
    expect(h.passage!.headings).toEqual(['Part 6']);
    expect(h.text!.length).toBeLessThanOrEqual(4_000);
    expect(h.textSpan!.cut).toBe(true);
    const lines = MANUAL.split('\n');
    // Whole lines of the file, around the passage.
    expect(h.text).toBe(lines.slice(h.textSpan!.from - 1, h.textSpan!.to).join('\n'));
    expect(h.textSpan!.from).toBeLessThan(h.passage!.from);
    expect(h.textSpan!.to).toBeGreaterThan(h.passage!.to);
    // Without the bound, five parts on each side would be ~10,000 characters.
    expect(lines.length).toBeGreaterThan(h.textSpan!.to - h.textSpan!.from + 20);
  });

  it('context shows nothing search would not: notes outside the searched set, and links leading out, stay out', async () => {
    const { results } = await engine.search({ query: 'heliotrope', context: 5 });
    expect(results.map((h) => [h.path, h.text])).toEqual([['notes/seeds.md', '# Seeds\n\nHeliotrope seeds are in the tin.']]);
  });

  it('a PDF hit keeps its page, and context brings the neighbouring pages', { timeout: 90_000 }, async () => {
    const pages = Array.from({ length: 9 }, (_, i) => `Station log, page ${i + 1}.${i === 4 ? ' An ibex crossed the ridge.' : ''}`);
    writeNote(sandbox, 'papers/log.pdf', '');
    writeFileSync(join(sandbox.vault, 'papers/log.pdf'), await textPdf(pages, 'Station log'));
    await engine.sync(['papers/log.pdf']);
    let found: Awaited<ReturnType<SearchEngine['search']>>['results'] = [];
    await vi.waitFor(
      async () => {
        found = (await engine.search({ query: 'ibex', context: 1 })).results;
        expect(found.map((h) => h.path)).toEqual(['papers/log.pdf']);
      },
      { timeout: 60_000, interval: 100 },
    );
    expect(found[0]).toMatchObject({ page: 5, textSpan: { from: 4, to: 6, of: 'pages', cut: false } });
    expect(found[0]!.passage).toBeUndefined();
    expect(found[0]!.text).toBe('[p. 4]\nStation log, page 4.\n\n[p. 5]\nStation log, page 5. An ibex crossed the ridge.\n\n[p. 6]\nStation log, page 6.');
  });
});

describe('a deep hit names the passage holding the line qmd chose', () => {
  let sandbox: Sandbox;
  afterAll(() => disposeSandbox(sandbox));

  it("the section holding qmd's line, not the one holding the most words", { timeout: 90_000 }, async () => {
    sandbox = await makeSandbox({ 'notes/garden.md': GARDEN });
    fakeModels(sandbox);
    // qmd as it answers `query --json` once its models ran: the hit's file and the line of its snippet (the Compost paragraph).
    const hits = JSON.stringify([{ docid: '#1', score: 0.9, file: 'qmd://vault/notes/garden.md', line: 23, title: 'Garden', snippet: '@@ -22,2 @@' }]);
    const cli = writeFakeCli(sandbox, 'line-qmd', `if (process.argv[4] === 'embed') process.exit(0);\nif (process.argv[4] === 'query') { console.log(${JSON.stringify(hits)}); process.exit(0); }`);
    const engine = await scannedEngine(sandbox, { cliPath: cli });
    expect(await engine.embed()).toEqual({ ok: true });
    const deep = await engine.search({ query: 'pruning roses', mode: 'deep', context: 0 });
    expect(deep.degraded).toBeUndefined();
    expect(deep.results).toEqual([
      expect.objectContaining({ path: 'notes/garden.md', passage: { headings: ['Garden', 'Compost'], from: 21, to: 23 }, text: '## Compost\n\nTurn the heap monthly; a pruning or two goes in too.' }),
    ]);
    // Fast search, without a line, takes the section holding the most words.
    expect((await engine.search({ query: 'pruning roses' })).results[0]!.passage).toEqual({ headings: ['Garden', 'Roses'], from: 16, to: 19 });
  });
});
