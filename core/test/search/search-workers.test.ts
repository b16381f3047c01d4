import { describe, expect, it } from 'vitest';
import { createSearchWorkers } from '../../src/search/search-workers.js';
import { fakeWorker } from '../fakes/fake-search-worker.js';

describe('the search workers', () => {
  it('stops a runaway search at its budget; a search waiting for a worker meanwhile runs once one is back', async () => {
    const logs: string[] = [];
    const quick = () => new Promise<void>((r) => setTimeout(r, 5));
    const answer = (q: string) => (q.startsWith('runaway') ? 'never' : quick());
    const workers = createSearchWorkers({ clients: [fakeWorker(answer), fakeWorker(answer)], slowMs: 20, budgetMs: 200, log: (_l, msg) => logs.push(msg) });
    const runaway = workers.search({ query: 'runaway one', limit: 10, prefix: null });
    const second = workers.search({ query: 'runaway two', limit: 10, prefix: null });
    // Both workers are busy: this one waits behind a runaway, and survives its stop.
    const waiting = workers.search({ query: 'quick', limit: 10, prefix: null });
    await new Promise((r) => setTimeout(r, 60));
    expect(workers.status().slow).toMatch(/^a search has been running for [\d.]+ s \("runaway (one|two)"\); it is stopped at 0.2 s$/);
    expect(await runaway).toEqual({ ok: false, error: 'the search ran past its 200 ms budget and was stopped', timedOut: true });
    expect(await second).toMatchObject({ ok: false, timedOut: true });
    expect(await waiting).toEqual({ ok: true, value: { ok: true, hits: [] } });
    expect(workers.status()).toMatchObject({ overruns: 2, lastOverrun: { query: expect.stringMatching(/^runaway/) } });
    expect(workers.status().slow).toBeUndefined();
    expect(logs.filter((m) => m === 'a search ran past its budget; its worker was stopped')).toHaveLength(2);
  });

  it('runs twenty heavy searches at once, each within its budget from when its worker takes it: none fails for its wait', async () => {
    const logs: string[] = [];
    // Each search keeps its worker busy 60 ms; twenty on two workers take 600 ms, the budget is 300 ms.
    const heavy = () => new Promise<void>((r) => setTimeout(r, 60));
    const workers = createSearchWorkers({ clients: [fakeWorker(heavy), fakeWorker(heavy)], slowMs: 250, budgetMs: 300, log: (_l, msg) => logs.push(msg) });
    const searches = Array.from({ length: 20 }, (_, i) => workers.search({ query: `heavy ${i}`, limit: 10, prefix: null }));
    await new Promise((r) => setTimeout(r, 5));
    const midway = workers.status();
    const answers = await Promise.all(searches);
    expect(answers.filter((a) => !a.ok)).toEqual([]);
    expect(midway).toMatchObject({ running: 2, queued: 18 });
    expect(workers.status()).toMatchObject({ overruns: 0, queued: 0, starts: 2 });
    expect(logs).toEqual([]);
    await workers.close();
  });

  it('bounds the wait for a worker, and how many may wait, without stopping the busy workers', async () => {
    const gate: Array<() => void> = [];
    const held = () => new Promise<void>((r) => gate.push(r));
    const workers = createSearchWorkers({ clients: [fakeWorker(held), fakeWorker(held)], slowMs: 1_000, budgetMs: 5_000, queue: { waitMs: 80, maxWaiting: 1 }, log: () => undefined });
    const busy = [1, 2].map((i) => workers.search({ query: `long ${i}`, limit: 10, prefix: null }));
    const waiting = workers.search({ query: 'waits', limit: 10, prefix: null });
    expect(await workers.search({ query: 'one too many', limit: 10, prefix: null })).toEqual({
      ok: false,
      error: '1 search is already waiting for a search worker; try again in a moment',
    });
    expect(await waiting).toEqual({ ok: false, error: 'the search waited 0.08 s for a search worker, every one busy with other searches, and was not run' });
    gate.forEach((open) => open());
    expect((await Promise.all(busy)).every((a) => a.ok)).toBe(true);
    expect(workers.status()).toMatchObject({ overruns: 0, queued: 0, starts: 2 });
    await workers.close();
  });

  it('lets the second worker go once it has been idle a while, and keeps one running', async () => {
    const gate: Record<string, () => void> = {};
    const answer = (q: string) => new Promise<void>((r) => (gate[q] = r));
    const workers = createSearchWorkers({ clients: [fakeWorker(answer), fakeWorker(answer)], slowMs: 1_000, budgetMs: 5_000, spareIdleMs: 40, log: () => undefined });
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    // Two searches at once: both workers run.
    const first = workers.search({ query: 'one', limit: 10, prefix: null });
    const second = workers.search({ query: 'two', limit: 10, prefix: null });
    await sleep(5);
    expect(workers.status().running).toBe(2);
    gate.one!();
    await first;
    // The first is idle past the limit while the second still answers: a busy worker is never let go.
    await sleep(80);
    expect(workers.status().running).toBe(1);
    gate.two!();
    await second;
    await sleep(80);
    // Idle too now, but it is the last one running: it stays.
    expect(workers.status().running).toBe(1);
    const third = workers.search({ query: 'three', limit: 10, prefix: null });
    await sleep(5);
    gate.three!();
    expect(await third).toEqual({ ok: true, value: { ok: true, hits: [] } });
    expect(workers.status().starts).toBe(2);
    await workers.close();
  });

  it('says once, with the reason, when the workers rank without the ranking extension', async () => {
    const logs: { msg: string; data?: Record<string, unknown> }[] = [];
    const opened = { documents: 0, complete: false, slowRanking: '/x/knower-rank.so was not built' };
    const quick = () => new Promise<void>((r) => setTimeout(r, 1));
    const workers = createSearchWorkers({ clients: [fakeWorker(quick, opened), fakeWorker(quick, opened)], slowMs: 1_000, budgetMs: 5_000, log: (_l, msg, data) => logs.push({ msg, data }) });
    await Promise.all([1, 2, 3].map((i) => workers.search({ query: `q${i}`, limit: 10, prefix: null })));
    expect(logs).toEqual([{ msg: "search ranks with SQLite's own bm25(): same results, slower on common words", data: { reason: '/x/knower-rank.so was not built' } }]);
    await workers.close();
  });

  it('says nothing of ranking when the workers have the extension', async () => {
    const logs: string[] = [];
    const workers = createSearchWorkers({ clients: [fakeWorker(async () => undefined, { documents: 0, complete: false })], slowMs: 1_000, budgetMs: 5_000, log: (_l, msg) => logs.push(msg) });
    await workers.search({ query: 'q', limit: 10, prefix: null });
    expect(logs).toEqual([]);
    await workers.close();
  });
});
