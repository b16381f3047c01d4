import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createUpdateRunner } from '../../src/search/update-runner.js';
import {
  disposeSandbox,
  fakeModels,
  makeEngine,
  makeSandbox,
  NODE_BINARY,
  sleep,
  waitFor,
  writeFakeCli,
  writeNote,
  type Sandbox,
} from './qmd-fixture.js';

function deferred() {
  let resolve!: (ok: boolean) => void;
  const promise = new Promise<boolean>((r) => (resolve = r));
  return { promise, resolve };
}

describe('update runner (single flight, one trailing run)', () => {
  it('turns a burst of 500 requests into two runs and answers callers after the run that covers them', async () => {
    const runs: ReturnType<typeof deferred>[] = [];
    const runner = createUpdateRunner(() => {
      const d = deferred();
      runs.push(d);
      return d.promise;
    });
    runner.schedule();
    for (let i = 0; i < 499; i++) runner.schedule();
    const waiter = runner.request();
    let answered = false;
    void waiter.then(() => (answered = true));
    expect(runs).toHaveLength(1);

    runs[0]?.resolve(true);
    await sleep(0);
    // The first run may have read the vault before the waiter's change: it waits for the second.
    expect(answered).toBe(false);
    expect(runs).toHaveLength(2);
    runs[1]?.resolve(false);
    expect(await waiter).toBe(false);
    await runner.whenIdle();
    expect(runner.runs).toBe(2);
    expect(runner.running).toBe(false);

    const later = runner.request();
    expect(runs).toHaveLength(3);
    runs[2]?.resolve(true);
    expect(await later).toBe(true);
  });

  it('keeps going after a run that throws', async () => {
    let calls = 0;
    const runner = createUpdateRunner(async () => {
      calls += 1;
      if (calls === 1) throw new Error('boom');
      return true;
    });
    expect(await runner.request()).toBe(false);
    expect(await runner.request()).toBe(true);
  });
});

type SpyEvent = { ev: 'start' | 'end'; cmd: string; pid: number; t: number; code?: number };

/** A qmd CLI that records when each command starts and ends; embed is simulated (no weights here). */
function writeSpyCli(sandbox: Sandbox, name: string): { cli: string; events: () => SpyEvent[] } {
  const log = join(sandbox.root, `${name}.log`);
  const cli = writeFakeCli(
    sandbox,
    name,
    `import { appendFileSync } from 'node:fs';
const args = process.argv.slice(2);
const cmd = args[2] === 'collection' ? 'collection ' + args[3] : args[2];
const rec = (ev, extra = {}) => appendFileSync(${JSON.stringify(log)},
  JSON.stringify({ ev, cmd, pid: process.pid, t: performance.timeOrigin + performance.now(), ...extra }) + '\\n');
rec('start');
process.on('exit', (code) => rec('end', { code }));
if (cmd === 'embed') {
  await new Promise((r) => setTimeout(r, 300));
  console.log('simulated embed done');
  process.exit(0);
}`,
  );
  const events = () =>
    readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as SpyEvent);
  return { cli, events };
}

const WRITERS = /^(update|embed|collection (add|remove))$/;

/** Writer runs as [start, end] per process; the first pair that overlaps, or null. */
function findOverlap(events: SpyEvent[]): [SpyEvent, SpyEvent] | null {
  const runs = events.filter((e) => e.ev === 'start' && WRITERS.test(e.cmd)).map((start) => ({
    start,
    end: events.find((e) => e.ev === 'end' && e.pid === start.pid)?.t ?? Infinity,
  }));
  runs.sort((a, b) => a.start.t - b.start.t);
  for (let i = 1; i < runs.length; i++) {
    const prev = runs[i - 1]!;
    const run = runs[i]!;
    if (run.start.t < prev.end) return [prev.start, run.start];
  }
  return null;
}

describe('qmd writers on a real index', () => {
  let sandbox: Sandbox;
  afterEach(() => disposeSandbox(sandbox));

  it('costs at most two updates for a burst of 500 changes, and every file is findable', async () => {
    sandbox = await makeSandbox({ 'bucket/seed.md': '# Seed\n' });
    const engine = makeEngine(sandbox);
    await engine.init();
    for (let i = 0; i < 500; i++) {
      writeNote(sandbox, `projects/p${i % 10}/note ${i}.md`, `# Note ${i}\n\nburst marker zq${i}x\n`);
      engine.scheduleUpdate();
    }
    await engine.whenIdle();
    const status = engine.status();
    expect(status.updateRuns).toBeGreaterThanOrEqual(1);
    expect(status.updateRuns).toBeLessThanOrEqual(2);
    expect(status.lastUpdate?.ok).toBe(true);
    expect(status.documents).toBe(501);
    const missing: number[] = [];
    for (let i = 0; i < 500; i++) {
      const res = await engine.search({ query: `zq${i}x` });
      if (res.results[0]?.path !== `projects/p${i % 10}/note ${i}.md`) missing.push(i);
    }
    expect(missing).toEqual([]);
  });

  it('never runs two writers at once while updates and embeds are requested concurrently', async () => {
    sandbox = await makeSandbox({ 'bucket/seed.md': '# Seed\n' });
    fakeModels(sandbox); // embed is only attempted when the weights look present
    const spy = writeSpyCli(sandbox, 'spy-qmd');
    const engine = makeEngine(sandbox, { cliPath: spy.cli });
    await engine.init();
    const pending: Promise<unknown>[] = [];
    for (let i = 0; i < 60; i++) {
      writeNote(sandbox, `bucket/c${i}.md`, `# C${i}\n\ncc${i}tok\n`);
      engine.scheduleUpdate();
      if (i % 15 === 0) pending.push(engine.embed());
      if (i % 20 === 10) pending.push(engine.update());
      await sleep(i % 7 === 0 ? 40 : 2);
    }
    const outcomes = await Promise.all(pending);
    await engine.whenIdle();

    const events = spy.events();
    expect(findOverlap(events)).toBeNull();
    const updates = events.filter((e) => e.ev === 'start' && e.cmd === 'update');
    expect(updates.length).toBe(engine.status().updateRuns);
    expect(events.filter((e) => e.ev === 'end' && e.cmd === 'update').map((e) => e.code)).toEqual(updates.map(() => 0));
    expect(events.some((e) => e.ev === 'start' && e.cmd === 'embed')).toBe(true);
    expect(outcomes).toContainEqual({ ok: true });
    expect(JSON.stringify(sandbox.logs)).not.toMatch(/SQLITE/);
    expect(engine.status().lastUpdate?.ok).toBe(true);
    for (let i = 0; i < 60; i += 7) {
      expect((await engine.search({ query: `cc${i}tok` })).results.map((h) => h.path)).toEqual([`bucket/c${i}.md`]);
    }

    // The check above can fail: two raw `qmd update` runs started together do overlap.
    const raw = writeSpyCli(sandbox, 'raw-qmd');
    const env = { ...process.env, HOME: sandbox.home, INDEX_PATH: join(sandbox.state, 'qmd/index.sqlite'), QMD_CONFIG_DIR: join(sandbox.state, 'qmd') };
    await Promise.all(
      [0, 1].map(
        () =>
          new Promise((done) =>
            spawn(NODE_BINARY, [raw.cli, '--index', 'index', 'update'], { env, cwd: sandbox.state, stdio: 'ignore' }).on('close', done),
          ),
      ),
    );
    expect(findOverlap(raw.events())).not.toBeNull();
  });

  it('embeds on the timer only when something changed since the last embed', async () => {
    sandbox = await makeSandbox({ 'bucket/seed.md': '# Seed\n\nsome text\n' });
    fakeModels(sandbox);
    const spy = writeSpyCli(sandbox, 'timer-qmd');
    const engine = makeEngine(sandbox, { cliPath: spy.cli });
    const embeds = () => spy.events().filter((e) => e.ev === 'end' && e.cmd === 'embed').length;
    await engine.init();
    // qmd said the new collection's documents need vectors.
    expect(engine.status().embeddings.pending).toBe(true);

    engine.startEmbedTimer(1);
    expect(await waitFor(() => embeds() === 1 && !engine.status().embeddings.running, 8000)).toBe(true);
    expect(engine.status().embeddings).toMatchObject({ modelsPresent: true, pending: false, lastRun: { ok: true } });
    await sleep(1500);
    expect(embeds()).toBe(1);

    engine.markChanged();
    expect(engine.status().embeddings.pending).toBe(true);
    expect(await waitFor(() => embeds() === 2, 8000)).toBe(true);
  });
});
