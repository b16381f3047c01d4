import { describe, expect, it } from 'vitest';
import { createSearchWorkers } from '../../src/search/search-workers.js';
import { fakeWorker } from '../fakes/fake-search-worker.js';

describe('the search workers', () => {
  it('stops a runaway search at its budget, and asks again for a search that waited behind it', async () => {
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
