import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SyncResult } from '../../src/search/index.js';
import { createWorkerClient } from '../../src/search/worker-client.js';
import {
  disposeSandbox,
  fakeModels,
  makeEngine,
  makeSandbox,
  NODE_BINARY,
  pidsMentioning,
  scannedEngine,
  waitFor,
  writeFakeCli,
  type Sandbox,
} from './qmd-fixture.js';

const NOTES = {
  'projects/alpha/state.md': '---\ncreated: 2024-01-01\n---\n# Alpha state\n\nThe alpha project uses a flux capacitor.\n',
  'bucket/b.md': '# B\n\nflux notes\n',
};

/** Processes running `qmd <command>` through the CLI at `cli` (argv is NUL-separated in /proc). */
const running = (cli: string, command = '') => pidsMentioning(`${cli}\0--index\0index\0${command}`);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('qmd faults keep the service usable', () => {
  let sandbox: Sandbox;
  afterEach(() => disposeSandbox(sandbox));

  it('without Node 22 the vault is still listed and searches say why they cannot run', async () => {
    sandbox = await makeSandbox(NOTES);
    const engine = makeEngine(sandbox, { nodeBinary: join(sandbox.root, 'nowhere/node') });
    const batches: SyncResult[] = [];
    await engine.scan((b) => batches.push(b));
    expect(batches.flatMap((b) => b.upserts.map((f) => f.path)).sort()).toEqual(['bucket/b.md', 'projects/alpha/state.md']);
    expect(engine.status()).toMatchObject({ available: false, degraded: expect.stringMatching(/Node binary .*nowhere\/node does not exist/) });
    expect(await engine.search({ query: 'flux' })).toEqual({ results: [], mode: 'fast', degraded: expect.stringMatching(/does not exist/) });
    writeFileSync(join(sandbox.vault, 'bucket/c.md'), 'more\n');
    expect((await engine.sync(['bucket/c.md'])).upserts).toMatchObject([{ path: 'bucket/c.md', kind: 'note', indexed: false }]);
    expect(await engine.embed()).toEqual({ ok: false, error: expect.stringMatching(/does not exist/) });
  });

  it('an unreadable index degrades search with the reason; listing goes on', async () => {
    sandbox = await makeSandbox(NOTES);
    mkdirSync(join(sandbox.state, 'qmd'), { recursive: true });
    writeFileSync(join(sandbox.state, 'qmd', 'index.sqlite'), 'this is not a database, and it is long enough to be read as one '.repeat(100));
    const engine = makeEngine(sandbox);
    const batches: SyncResult[] = [];
    await engine.scan((b) => batches.push(b));
    expect(batches.flatMap((b) => b.upserts)).toHaveLength(2);
    expect(engine.status().degraded).toMatch(/^the search index could not open: .*(not a database|file is not)/);
    expect((await engine.search({ query: 'flux' })).degraded).toMatch(/could not open/);
  });

  it('refuses a qmd version it was not built for, saying what to do', async () => {
    sandbox = await makeSandbox(NOTES);
    const client = createWorkerClient({
      nodeBinary: NODE_BINARY,
      cwd: sandbox.state,
      env: process.env,
      open: { dbPath: join(sandbox.state, 'index.sqlite'), configPath: join(sandbox.state, 'index.yml'), collection: 'vault', root: sandbox.vault, expectQmdVersion: '9.9.9' },
    });
    try {
      const res = await client.call('status', undefined);
      expect(res).toEqual({ ok: false, error: 'qmd 2.8.3 is installed but Knower is built for qmd 9.9.9 (it writes qmd\'s index directly): run `npm ci` to install the pinned version' });
    } finally {
      await client.close();
    }
  });

  it('restarts a worker that was killed, and close() leaves no process behind', async () => {
    sandbox = await makeSandbox(NOTES);
    const engine = await scannedEngine(sandbox);
    const first = engine.status().workerPid;
    expect(first).toBeGreaterThan(0);
    process.kill(first!, 'SIGKILL');
    expect(await waitFor(() => !alive(first!), 5000)).toBe(true);

    const res = await engine.search({ query: 'flux' });
    expect(res.degraded).toBeUndefined();
    expect(res.results.map((h) => h.path).sort()).toEqual(['bucket/b.md', 'projects/alpha/state.md']);
    const second = engine.status().workerPid;
    expect(second).not.toBe(first);
    expect(engine.status().workerStarts).toBe(2);

    await engine.close();
    expect(await waitFor(() => !alive(second!), 5000)).toBe(true);
    expect((await engine.search({ query: 'flux' })).degraded).toBe('search engine is closed');
  });

  it('bounds deep search and embed when model work hangs, one hybrid query at a time', async () => {
    sandbox = await makeSandbox(NOTES);
    fakeModels(sandbox);
    // Real qmd, except that the model-using commands hang the way they do while retrying a download.
    const cli = writeFakeCli(
      sandbox,
      'model-hang-qmd',
      "if (['query', 'embed'].includes(process.argv[4])) { setInterval(() => {}, 1 << 30); await new Promise(() => {}); }",
    );
    const engine = await scannedEngine(sandbox, { cliPath: cli, timeouts: { deepMs: 1500, embedMs: 1500 } });
    expect((await engine.search({ query: 'flux' })).results).toHaveLength(2);
    expect(engine.status().embeddings.modelsPresent).toBe(true);

    const both = await Promise.all([
      engine.search({ query: 'flux capacitor', mode: 'deep' }),
      engine.search({ query: 'flux capacitor', mode: 'deep' }),
    ]);
    // Whichever got the deep slot timed out; the other got fast results straight away instead of queueing.
    expect(both.map((r) => r.degraded).sort()).toEqual([
      'deep search busy with another query; ran fast search instead',
      'deep search failed (qmd query timed out after 1500 ms and was killed); ran fast search instead',
    ]);
    for (const res of both) {
      expect(res.mode).toBe('fast');
      expect(res.results.map((h) => h.path)).toContain('projects/alpha/state.md');
    }

    expect(await engine.embed()).toEqual({ ok: false, error: 'qmd embed timed out after 1500 ms and was killed' });
    expect(engine.status().embeddings).toMatchObject({ running: false, lastRun: { ok: false } });
    expect(await waitFor(() => running(cli, 'query').length + running(cli, 'embed').length === 0, 5000)).toBe(true);
  });

  it('falls back to fast search when the real qmd chokes on unusable model files', async () => {
    sandbox = await makeSandbox(NOTES);
    fakeModels(sandbox); // GGUF magic only: qmd accepts the files, then crashes or hangs loading them
    const engine = await scannedEngine(sandbox, { timeouts: { deepMs: 1500 } });
    const res = await engine.search({ query: 'flux capacitor', mode: 'deep' });
    expect(res.mode).toBe('fast');
    expect(res.degraded).toMatch(/^deep search failed \(qmd query (timed out|failed).*\); ran fast search instead$/);
    expect(res.results.length).toBeGreaterThan(0);
  });
});
