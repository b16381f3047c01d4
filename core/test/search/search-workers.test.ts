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
});
