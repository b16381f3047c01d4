import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { degradedReasons } from '../../src/health/health-report.js';
import type { SearchEngine, SyncResult } from '../../src/search/index.js';
import { PROCESS_CRASH, THREAD_CRASH } from '../fakes/crashing-index-worker.js';
import { disposeSandbox, makeEngine, makeSandbox, writeNote, type Sandbox } from './qmd-fixture.js';

const CRASHING_WORKER = fileURLToPath(new URL('../fakes/crashing-index-worker.ts', import.meta.url));

/** Notes enough for a pass of several batches (256 files each). */
function manyNotes(count: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i++) files[`notes/${i % 7}/note-${i}.md`] = `# Note ${i}\n\nA flux reading of ${i} units.\n`;
  return files;
}

/** /health's reasons for the engine's state, as the service would list them. */
const reasons = (engine: SearchEngine) =>
  degradedReasons({ qmd: engine.status(), watchProblem: undefined, history: {}, queue: { running: null, pending: 0 } as never, provider: { name: 'offline' } as never, disks: [] });

describe('the index worker crashing', () => {
  let sandbox: Sandbox;
  afterEach(() => disposeSandbox(sandbox));

  it('comes back after each of four kill -9 within a minute, after a back-off /health calls restarting; then search works', { timeout: 120_000 }, async () => {
    sandbox = await makeSandbox(manyNotes(600));
    const engine = makeEngine(sandbox);
    const seen = new Set<string>();
    const watch = setInterval(() => {
      for (const reason of reasons(engine)) seen.add(reason);
    }, 20);
    let kills = 0;
    let killedThisPass = false;
    const progress = await engine.scan((batch, p) => {
      // The first word of each pass (its listing): the worker is killed mid-pass, four times.
      if (batch.upserts.length === 0 && p.files.done === 0) killedThisPass = false;
      if (killedThisPass || kills === 4) return;
      killedThisPass = true;
      kills++;
      process.kill(engine.status().workerPid!, 'SIGKILL');
    });
    clearInterval(watch);
    expect(kills).toBe(4);
    expect(progress.files).toEqual({ done: 600, total: 600 });
    expect([...seen]).toContainEqual(
      expect.stringMatching(/^the index worker is restarting after [234] crashes in a row \(the last: the index worker exited \(SIGKILL\)\); it starts again in \d+ s$/),
    );

    const status = engine.status();
    expect(status).toMatchObject({ available: true, documents: 600, partial: false, workerStarts: 5 });
    expect(status.degraded).toBeUndefined();
    const res = await engine.search({ query: 'flux', limit: 5 });
    expect(res.degraded).toBeUndefined();
    expect(res.results).toHaveLength(5);
    expect(reasons(engine)).toEqual([]);
  });

  it.each([
    ['kills the whole worker process', PROCESS_CRASH],
    ['ends the index thread', THREAD_CRASH],
  ])('sets aside a note that %s, names it in /health, never reads it again until it changes', { timeout: 120_000 }, async (_how, marker) => {
    sandbox = await makeSandbox({ ...manyNotes(20), 'bucket/poison.md': `# Poison\n\nflux ${marker}\n` });
    const engine = makeEngine(sandbox, { indexWorkerEntry: CRASHING_WORKER });
    const found: SyncResult[] = [];
    const progress = await engine.scan((batch) => found.push(batch));
    expect(progress.files).toEqual({ done: 21, total: 21 });
    // Crashed in its batch, then twice read alone: set aside, listed, not in search.
    const poison = found.flatMap((b) => b.upserts).filter((f) => f.path === 'bucket/poison.md');
    expect(poison.at(-1)).toMatchObject({ kind: 'note', indexed: false, setAside: expect.stringMatching(/^the index worker stopped while reading it alone, twice in a row/) });
    const status = engine.status();
    expect(status).toMatchObject({ available: true, documents: 20, partial: false, workerStarts: 4, setAside: { count: 1, notes: [{ path: 'bucket/poison.md' }] } });
    expect(reasons(engine)).toEqual(['1 note crashed the index worker and is left out of search until it changes: bucket/poison.md']);
    expect((await engine.search({ query: 'flux', limit: 50 })).results.map((h) => h.path)).not.toContain('bucket/poison.md');

    // Looked at again as it is: not read, no crash.
    expect((await engine.sync(['bucket/poison.md'])).upserts).toMatchObject([{ path: 'bucket/poison.md', setAside: expect.any(String) }]);
    expect(engine.status().workerStarts).toBe(4);

    // Changed by the person: tried again, and searchable.
    writeNote(sandbox, 'bucket/poison.md', '# Poison\n\nflux, harmless now\n');
    expect((await engine.sync(['bucket/poison.md'])).upserts).toMatchObject([{ path: 'bucket/poison.md', indexed: true }]);
    expect(engine.status().setAside).toEqual({ count: 0, notes: [] });
    // …and stays so when other notes are saved.
    await engine.sync(['notes/0/note-0.md']);
    expect(engine.status().setAside).toEqual({ count: 0, notes: [] });
    expect((await engine.search({ query: 'harmless' })).results.map((h) => h.path)).toEqual(['bucket/poison.md']);
    expect(reasons(engine)).toEqual([]);
  });
});
