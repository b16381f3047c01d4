import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  disposeSandbox,
  fakeModels,
  makeEngine,
  makeSandbox,
  pidsMentioning,
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

describe('qmd faults keep the engine usable', () => {
  let sandbox: Sandbox;
  afterEach(() => disposeSandbox(sandbox));

  it('reports a missing qmd as degraded instead of throwing', async () => {
    sandbox = await makeSandbox(NOTES);
    const engine = makeEngine(sandbox, { cliPath: join(sandbox.root, 'nowhere/qmd.js') });
    await engine.init();
    expect(engine.status()).toMatchObject({ available: false, degraded: expect.stringMatching(/nowhere\/qmd\.js does not exist/) });
    const fast = await engine.search({ query: 'flux' });
    expect(fast).toEqual({ results: [], mode: 'fast', degraded: expect.stringMatching(/does not exist/) });
    expect((await engine.search({ query: 'flux', mode: 'deep' })).mode).toBe('deep');
    expect(await engine.update()).toBe(false);
    expect(engine.status().lastUpdate).toMatchObject({ ok: false, error: expect.stringMatching(/does not exist/) });
    expect(await engine.embed()).toEqual({ ok: false, error: expect.stringMatching(/does not exist/) });

    const noNode = makeEngine(sandbox, { nodeBinary: join(sandbox.root, 'nowhere/node') });
    await noNode.init();
    expect(noNode.status().degraded).toMatch(/Node binary .* does not exist/);
  });

  it('kills a hanging qmd and answers within the timeouts', async () => {
    sandbox = await makeSandbox(NOTES);
    // Ignores SIGTERM and never exits: only a SIGKILL ends it.
    const hang = writeFakeCli(sandbox, 'hang-qmd', "process.on('SIGTERM', () => {});\nsetInterval(() => {}, 1 << 30);", false);
    const engine = makeEngine(sandbox, { cliPath: hang, timeouts: { searchMs: 1000, updateMs: 1500 } });

    await engine.init();
    expect(engine.status()).toMatchObject({ available: false, degraded: expect.stringMatching(/timed out after 1500 ms/) });

    for (let i = 0; i < 2; i++) {
      const started = Date.now();
      const res = await engine.search({ query: 'flux' });
      expect(Date.now() - started).toBeLessThan(1000 + 3000);
      expect(res).toEqual({ results: [], mode: 'fast', degraded: expect.stringMatching(/timed out/) });
    }
    expect(await engine.update()).toBe(false);
    expect(engine.status().lastUpdate).toMatchObject({ ok: false, error: expect.stringMatching(/timed out after 1500 ms/) });
    expect(await waitFor(() => pidsMentioning(hang).length === 0, 5000)).toBe(true);
  });

  it('falls back to the CLI when the MCP child cannot start', async () => {
    sandbox = await makeSandbox(NOTES);
    const noMcp = writeFakeCli(sandbox, 'no-mcp-qmd', "if (process.argv.includes('mcp')) { console.error('simulated mcp crash'); process.exit(3); }");
    const engine = makeEngine(sandbox, { cliPath: noMcp });
    await engine.init();
    for (let i = 0; i < 2; i++) {
      const res = await engine.search({ query: 'capacitor' });
      expect(res).toEqual({
        mode: 'fast',
        results: [{ path: 'projects/alpha/state.md', title: 'Alpha state', score: 1, snippet: 'The alpha project uses a flux capacitor.' }],
      });
    }
    const warnings = sandbox.logs.filter((l) => l.msg.startsWith('qmd mcp child unusable'));
    // The second search skipped the broken child instead of failing on it again.
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0]?.extra?.error)).toMatch(/simulated mcp crash/);
    expect(engine.status().available).toBe(true);
  });

  it('respawns the MCP child after it dies, and close() leaves no child behind', async () => {
    sandbox = await makeSandbox(NOTES);
    const cli = writeFakeCli(sandbox, 'plain-qmd', '');
    const engine = makeEngine(sandbox, { cliPath: cli });
    await engine.init();
    expect((await engine.search({ query: 'flux' })).results).toHaveLength(2);
    const [first] = running(cli, 'mcp');
    expect(first).toBeTypeOf('number');
    process.kill(first!, 'SIGKILL');
    expect(await waitFor(() => running(cli, 'mcp').length === 0, 5000)).toBe(true);

    const after = await engine.search({ query: 'flux' });
    expect(after.degraded).toBeUndefined();
    expect(after.results).toHaveLength(2);
    await engine.search({ query: 'flux' });
    const respawned = running(cli, 'mcp');
    expect(respawned).toHaveLength(1);
    expect(respawned[0]).not.toBe(first);

    await engine.close();
    expect(await waitFor(() => pidsMentioning(cli).length === 0, 5000)).toBe(true);
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
    const engine = makeEngine(sandbox, { cliPath: cli, timeouts: { deepMs: 1500, embedMs: 1500 } });
    await engine.init();
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
    const engine = makeEngine(sandbox, { timeouts: { deepMs: 1500 } });
    await engine.init();
    const started = Date.now();
    const res = await engine.search({ query: 'flux capacitor', mode: 'deep' });
    // Bounded by deepMs, then by the fast search's own budget (generous here: the machine may be busy).
    expect(Date.now() - started).toBeLessThan(1500 + 15_000);
    expect(res.mode).toBe('fast');
    expect(res.degraded).toMatch(/^deep search failed \(qmd query (timed out|failed).*\); ran fast search instead$/);
    expect(res.results.length).toBeGreaterThan(0);
  });
});
