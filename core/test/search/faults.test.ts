import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SyncResult } from '../../src/search/index.js';
import { createWorkerHost } from '../../src/search/worker-client.js';
import { disposeSandbox, fakeModels, makeEngine, makeSandbox, NODE_BINARY, pidsMentioning, scannedEngine, waitFor, writeFakeCli, type Sandbox } from './qmd-fixture.js';

const NOTES = {
  'projects/alpha/state.md': '---\ncreated: 2024-01-01\n---\n# Alpha state\n\nThe alpha project uses a flux capacitor.\n',
  'bucket/b.md': '# B\n\nflux notes\n',
};

/** Processes running `qmd <command>` through the CLI at `cli` (argv is NUL-separated in /proc). */
const running = (cli: string, command = '') => pidsMentioning(`${cli}\0--index\0index\0${command}`);
/** This process's children that are Knower's worker process. */
const workerProcesses = () =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const [comm, rest] = [stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), stat.slice(stat.lastIndexOf(')') + 2).split(' ')];
        return comm === 'knower-index' && Number(rest[1]) === process.pid && rest[0] !== 'Z';
      } catch {
        return false;
      }
    })
    .map(Number);
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

  it('moves an unreadable index aside and builds it again from the vault', async () => {
    sandbox = await makeSandbox(NOTES);
    mkdirSync(join(sandbox.state, 'search'), { recursive: true });
    writeFileSync(join(sandbox.state, 'search', 'index.sqlite'), 'this is not a database, and it is long enough to be read as one '.repeat(100));
    const engine = makeEngine(sandbox);
    const batches: SyncResult[] = [];
    await engine.scan((b) => batches.push(b));
    expect(batches.flatMap((b) => b.upserts)).toHaveLength(2);
    expect(engine.status()).toMatchObject({ available: true, documents: 2 });
    expect((await engine.search({ query: 'flux' })).results).toHaveLength(2);
    expect(existsSync(join(sandbox.state, 'search', 'index.sqlite.unreadable'))).toBe(true);
    expect(sandbox.logs).toContainEqual(
      expect.objectContaining({ msg: 'search index rebuilt', extra: { reason: expect.stringMatching(/could not be read .*moved it to .*index\.sqlite\.unreadable/) } }),
    );
  });

  it('skips a FIFO put in place of an indexed note: searches keep answering, and its sync drops it unread', async () => {
    sandbox = await makeSandbox(NOTES);
    const engine = await scannedEngine(sandbox, { timeouts: { searchBudgetMs: 3_000 } });
    expect((await engine.search({ query: 'flux' })).results).toHaveLength(2);
    // Swapped in before the watcher's event is handled: the index still has the note there.
    rmSync(join(sandbox.vault, 'bucket/b.md'));
    execFileSync('mkfifo', [join(sandbox.vault, 'bucket/b.md')]);
    for (let i = 0; i < 3; i++) {
      const res = await engine.search({ query: 'flux' });
      expect(res.degraded).toBeUndefined();
      expect(res.results.map((h) => h.path)).toEqual(['projects/alpha/state.md']);
    }
    expect(await engine.sync(['bucket/b.md'])).toMatchObject({ upserts: [], removed: ['bucket/b.md'], documents: 1 });
    expect(engine.status().search).toMatchObject({ overruns: 0 });
  });

  it('leaves an unreadable qmd database alone: it is not the search index', async () => {
    sandbox = await makeSandbox(NOTES);
    mkdirSync(join(sandbox.state, 'qmd'), { recursive: true });
    writeFileSync(join(sandbox.state, 'qmd', 'index.sqlite'), 'not a database either '.repeat(100));
    const engine = await scannedEngine(sandbox);
    expect((await engine.search({ query: 'flux' })).results).toHaveLength(2);
    expect(existsSync(join(sandbox.state, 'qmd', 'index.sqlite'))).toBe(true);
  });

  it('restarts the worker process after it was killed, and close() leaves no process behind', async () => {
    sandbox = await makeSandbox(NOTES);
    const engine = await scannedEngine(sandbox);
    expect((await engine.search({ query: 'flux' })).results).toHaveLength(2);
    const worker = engine.status().workerPid!;
    expect(worker).toBeGreaterThan(0);
    // One process: the indexer and the searchers are its threads. It says what it is, to `ps`,
    // `top` and the bench's memory breakdown.
    expect(engine.status().search!.running).toBe(1);
    expect(workerProcesses()).toEqual([worker]);
    expect(readFileSync(`/proc/${worker}/comm`, 'utf8').trim()).toBe('knower-index');
    process.kill(worker, 'SIGKILL');
    expect(await waitFor(() => !alive(worker), 5000)).toBe(true);

    // The next save and the next search start it again.
    writeFileSync(join(sandbox.vault, 'bucket/c.md'), '# C\n\nflux again\n');
    expect((await engine.sync(['bucket/c.md'])).upserts).toMatchObject([{ path: 'bucket/c.md', indexed: true }]);
    const res = await engine.search({ query: 'flux' });
    expect(res.degraded).toBeUndefined();
    expect(res.results.map((h) => h.path).sort()).toEqual(['bucket/b.md', 'bucket/c.md', 'projects/alpha/state.md']);
    const status = engine.status();
    expect(status.workerPid).not.toBe(worker);
    expect(status.workerStarts).toBe(2);
    expect(workerProcesses()).toEqual([status.workerPid]);

    const restarted = status.workerPid!;
    await engine.close();
    expect(await waitFor(() => !alive(restarted), 5000)).toBe(true);
    expect((await engine.search({ query: 'flux' })).degraded).toBe('search engine is closed');
  });

  it('a retired search lane closes and its thread ends, the process staying; the next search starts another', async () => {
    sandbox = await makeSandbox(NOTES);
    await scannedEngine(sandbox);
    const host = createWorkerHost({ nodeBinary: NODE_BINARY, cwd: sandbox.state, env: process.env });
    const client = host.lane('search', { open: { role: 'search', dbPath: join(sandbox.state, 'search', 'index.sqlite'), root: sandbox.vault } });
    const search = () => client.call('search', { query: 'flux', limit: 10, prefix: null }, { timeoutMs: 15_000 });
    expect(await search()).toMatchObject({ ok: true, value: { ok: true, hits: [{}, {}] } });
    const pid = client.pid!;
    expect(pid).toBe(host.pid);
    const threads = () => readdirSync(`/proc/${pid}/task`).length;
    const before = threads();
    expect(client.retire()).toBe(true);
    expect(client.pid).toBeUndefined();
    expect(await waitFor(() => threads() === before - 1, 5000)).toBe(true);
    expect(host.pid).toBe(pid);
    expect(client.retire()).toBe(false);
    expect(await search()).toMatchObject({ ok: true, value: { ok: true, hits: [{}, {}] } });
    expect(client.starts).toBe(2);
    expect(client.pid).toBe(pid);
    expect(threads()).toBe(before);
    await host.close();
    expect(await waitFor(() => !alive(pid), 5000)).toBe(true);
  });

  it('bounds deep search and embed when model work hangs, one hybrid query at a time', async () => {
    sandbox = await makeSandbox(NOTES);
    fakeModels(sandbox);
    // Real qmd, except that `embed` does nothing and `query` hangs the way it does while retrying a download.
    const cli = writeFakeCli(
      sandbox,
      'query-hang-qmd',
      "if (process.argv[4] === 'embed') process.exit(0);\nif (process.argv[4] === 'query') { setInterval(() => {}, 1 << 30); await new Promise(() => {}); }",
    );
    const engine = await scannedEngine(sandbox, { cliPath: cli, timeouts: { deepMs: 1500 } });
    expect((await engine.search({ query: 'flux' })).results).toHaveLength(2);
    expect(engine.status().embeddings.modelsPresent).toBe(true);
    // Until the vault has been embedded, deep search says so instead of asking an empty index.
    expect((await engine.search({ query: 'flux', mode: 'deep' })).degraded).toMatch(/^deep search is not ready: the vault has not been embedded yet/);
    expect(await engine.embed()).toEqual({ ok: true });

    const both = await Promise.all([engine.search({ query: 'flux capacitor', mode: 'deep' }), engine.search({ query: 'flux capacitor', mode: 'deep' })]);
    // Whichever got the deep slot timed out; the other got fast results straight away instead of queueing.
    expect(both.map((r) => r.degraded).sort()).toEqual([
      'deep search busy with another query; ran fast search instead',
      'deep search failed (qmd query timed out after 1500 ms and was killed); ran fast search instead',
    ]);
    for (const res of both) {
      expect(res.mode).toBe('fast');
      expect(res.results.map((h) => h.path)).toContain('projects/alpha/state.md');
    }

    expect(await waitFor(() => running(cli, 'query').length === 0, 5000)).toBe(true);
  });

  it('bounds embed when qmd hangs on the models, and leaves no process behind', async () => {
    sandbox = await makeSandbox(NOTES);
    fakeModels(sandbox);
    const cli = writeFakeCli(sandbox, 'embed-hang-qmd', "if (process.argv[4] === 'embed') { setInterval(() => {}, 1 << 30); await new Promise(() => {}); }");
    const engine = await scannedEngine(sandbox, { cliPath: cli, timeouts: { embedMs: 1500 } });
    expect(await engine.embed()).toEqual({ ok: false, error: 'qmd embed timed out after 1500 ms and was killed' });
    expect(engine.status().embeddings).toMatchObject({ running: false, pending: true, lastRun: { ok: false } });
    expect(await waitFor(() => running(cli, 'embed').length === 0, 5000)).toBe(true);
  });

  it('falls back to fast search when the real qmd chokes on unusable model files', async () => {
    sandbox = await makeSandbox(NOTES);
    fakeModels(sandbox); // GGUF magic only: qmd accepts the files, then crashes or hangs loading them
    // Embedding is skipped (it would choke the same way); the hybrid query is the real one.
    const cli = writeFakeCli(sandbox, 'no-embed-qmd', "if (process.argv[4] === 'embed') process.exit(0);");
    const engine = await scannedEngine(sandbox, { cliPath: cli, timeouts: { deepMs: 1500 } });
    expect(await engine.embed()).toEqual({ ok: true });
    const res = await engine.search({ query: 'flux capacitor', mode: 'deep' });
    expect(res.mode).toBe('fast');
    expect(res.degraded).toMatch(/^deep search failed \(qmd query (timed out|failed).*\); ran fast search instead$/);
    expect(res.results.length).toBeGreaterThan(0);
  });
});
