import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng, noteBody, titleWords } from '../../bench/corpus.js';
import { WORST_CASES } from '../../bench/worst-case-queries.js';
import type { SearchEngine } from '../../src/search/index.js';
import { HEAVY_MARKER, STALL_MARKER } from '../fakes/stalling-search-worker.js';
import { disposeSandbox, makeSandbox, scannedEngine, waitFor, writeNote, type Sandbox } from './qmd-fixture.js';

const STALLING_WORKER = fileURLToPath(new URL('../fakes/stalling-search-worker.ts', import.meta.url));

function vaultFiles(count: number): Record<string, string> {
  const rng = createRng(11);
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i++) files[`notes/${i % 10}/note ${i}.md`] = noteBody(rng, titleWords(rng, 3).join(' '));
  return files;
}

describe('queries are bounded in work and time', () => {
  let sandbox: Sandbox;
  let engine: SearchEngine;
  beforeAll(async () => {
    sandbox = await makeSandbox(vaultFiles(400));
    engine = await scannedEngine(sandbox);
  }, 60_000);
  afterAll(() => disposeSandbox(sandbox));

  it.each(Object.entries(WORST_CASES))('answers %s within its budget', async (_name, query) => {
    expect(query.length).toBeLessThanOrEqual(2000);
    const res = await engine.search({ query, limit: 500 });
    expect(res.degraded).toBeUndefined();
    expect(engine.status().search?.overruns).toBe(0);
  });
});

describe('a runaway search', () => {
  let sandbox: Sandbox;
  let engine: SearchEngine;
  beforeAll(async () => {
    sandbox = await makeSandbox(vaultFiles(50));
    engine = await scannedEngine(sandbox, { searchWorkerEntry: STALLING_WORKER, timeouts: { slowSearchMs: 200, searchBudgetMs: 8_000 } });
    // Both search workers up before the clock matters: starting one is not what is measured.
    await Promise.all([engine.search({ query: 'meeting' }), engine.search({ query: 'project' })]);
    expect(engine.status().search?.running).toBe(2);
  }, 60_000);
  afterAll(() => disposeSandbox(sandbox));

  it('holds up neither indexing nor other searches, degrades /health while it lasts, and is stopped at its budget', async () => {
    let settled = false;
    const runaway = engine.search({ query: `${STALL_MARKER} meeting` }).finally(() => {
      settled = true;
    });
    expect(await waitFor(() => engine.status().degraded !== undefined, 5_000)).toBe(true);
    expect(engine.status().degraded).toMatch(/^a search has been running for [\d.]+ s \("stallmarker meeting"\); it is stopped at 8 s$/);
    expect(engine.status().available).toBe(true);

    // A note saved meanwhile is indexed and found while the runaway search still holds its worker.
    writeNote(sandbox, 'bucket/fresh.md', '# Fresh\n\nA quokka arrived.\n');
    expect((await engine.sync(['bucket/fresh.md'])).upserts).toMatchObject([{ path: 'bucket/fresh.md', indexed: true }]);
    expect((await engine.search({ query: 'quokka' })).results.map((h) => h.path)).toEqual(['bucket/fresh.md']);
    expect(settled).toBe(false);

    const stopped = await runaway;
    expect(stopped.results).toEqual([]);
    expect(stopped.degraded).toBe('the search took too long and was stopped: the search ran past its 8000 ms budget and was stopped');
    const status = engine.status();
    expect(status.degraded).toBeUndefined();
    expect(status.search).toMatchObject({ overruns: 1, lastOverrun: { query: 'stallmarker meeting' } });
    expect(sandbox.logs.map((l) => l.msg)).toEqual(expect.arrayContaining(['a search is running past its normal time', 'a search ran past its budget; its worker was stopped']));

    // The stopped worker is replaced: searching goes on.
    writeFileSync(`${sandbox.vault}/bucket/fresh.md`, '# Fresh\n\nA wombat arrived.\n');
    await engine.sync(['bucket/fresh.md']);
    const [first, second] = await Promise.all([engine.search({ query: 'wombat' }), engine.search({ query: 'meeting' })]);
    expect(first.results.map((h) => h.path)).toEqual(['bucket/fresh.md']);
    expect(second.degraded).toBeUndefined();
  }, 60_000);
});

describe('twenty heavy searches at once', () => {
  let sandbox: Sandbox;
  afterAll(() => disposeSandbox(sandbox));

  it('all answer: each budget starts when its worker takes it, not while it waits its turn', async () => {
    sandbox = await makeSandbox(vaultFiles(50));
    // Twenty searches of 300 ms on two workers take ~3 s in all; each has a budget of 2 s.
    const engine = await scannedEngine(sandbox, { searchWorkerEntry: STALLING_WORKER, timeouts: { searchBudgetMs: 2_000 } });
    const answers = await Promise.all(Array.from({ length: 20 }, () => engine.search({ query: `${HEAVY_MARKER} meeting` })));
    expect(answers.map((a) => a.degraded).filter(Boolean)).toEqual([]);
    expect(answers.every((a) => a.results.length > 0)).toBe(true);
    expect(engine.status().search).toMatchObject({ overruns: 0, queued: 0 });
  }, 60_000);
});
