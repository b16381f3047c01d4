import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createModelDetector, detectModels } from '../../src/search/models/model-detect.js';
import { modelSource } from '../../src/search/models/model-files.js';
import { createModelPuller, type ModelPullerOptions } from '../../src/search/models/model-puller.js';
import { freePort } from '../helpers/free-port.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { startFakeModelHost, type Behaviour, type FakeModelHost } from '../fakes/fake-model-host.js';

const DEFAULTS = [
  'hf:ggml-org/embeddinggemma-300M-GGUF/embeddinggemma-300M-Q8_0.gguf',
  'hf:tobil/qmd-query-expansion-1.7B-gguf/qmd-query-expansion-1.7B-q4_k_m.gguf',
  'hf:ggml-org/Qwen3-Reranker-0.6B-Q8_0-GGUF/qwen3-reranker-0.6b-q8_0.gguf',
];

/** A model file: GGUF magic, then bytes. */
const gguf = (size: number) => Buffer.concat([Buffer.from('GGUF'), randomBytes(size - 4)]);

function hostFiles(behaviours: Partial<Record<number, Behaviour>> = {}) {
  const bodies = DEFAULTS.map(() => gguf(64 * 1024));
  const files = Object.fromEntries(DEFAULTS.map((uri, i) => [`/${modelSource(uri)!.urlPath}`, { body: bodies[i]!, ...(behaviours[i] && { behaviour: behaviours[i] }) }]));
  return { bodies, files };
}

describe("downloading qmd's models", () => {
  let home: { dir: string; cleanup: () => Promise<void> } | undefined;
  let host: FakeModelHost | undefined;
  afterEach(async () => {
    await host?.close();
    host = undefined;
    await home?.cleanup();
    home = undefined;
  });

  const puller = async (overrides: Partial<ModelPullerOptions> = {}) => {
    home = await makeTempDir();
    const env = { HOME: home.dir };
    const detector = createModelDetector(env, join(home!.dir, 'no-config.yml'));
    const logs: string[] = [];
    return {
      env,
      detector,
      logs,
      pull: createModelPuller({ detector, baseUrl: host?.url ?? 'http://127.0.0.1:9', stallMs: 10_000, deadlineMs: 60_000, log: (_l, msg) => logs.push(msg), ...overrides }),
    };
  };

  it('names each file as qmd (node-llama-cpp) looks for it in the cache', async () => {
    const llama = dirname(createRequire(import.meta.resolve('@tobilu/qmd')).resolve('node-llama-cpp'));
    const { resolveModelDestination } = (await import(pathToFileURL(join(llama, 'utils/resolveModelDestination.js')).href)) as {
      resolveModelDestination: (uri: string) => { parsedUri: { fullFilename: string } };
    };
    for (const uri of DEFAULTS) expect(modelSource(uri)?.fileName).toBe(resolveModelDestination(uri).parsedUri.fullFilename);
    expect(modelSource('/models/local.gguf')).toBeNull();
  });

  it('fetches the missing models into the cache, reporting progress; qmd then finds them', async () => {
    const { bodies, files } = hostFiles();
    host = await startFakeModelHost(files);
    const { env, pull } = await puller();
    const seen: number[] = [];
    const watching = setInterval(() => {
      const b = pull.state().current?.bytes;
      if (b !== undefined) seen.push(b);
    }, 1);
    const outcome = await pull.pull();
    clearInterval(watching);
    expect(outcome).toEqual({ ok: true, fetched: DEFAULTS.map((u) => modelSource(u)!.fileName) });
    const state = await detectModels(env, join(home!.dir, 'no-config.yml'));
    expect(state).toMatchObject({ embed: true, deep: true, missing: [] });
    DEFAULTS.forEach((uri, i) => expect(readFileSync(join(state.cacheDir, modelSource(uri)!.fileName)).equals(bodies[i]!)).toBe(true));
    expect(pull.state()).toMatchObject({ running: false, last: { ok: true } });
    // A second pull finds nothing missing and downloads nothing.
    const before = host.requests.length;
    expect(await pull.pull()).toEqual({ ok: true, fetched: [] });
    expect(host.requests.length).toBe(before);
  });

  it('resumes a download that was cut off, from where it stopped', async () => {
    const { bodies, files } = hostFiles({ 0: 'cut-once' });
    host = await startFakeModelHost(files);
    const { env, pull } = await puller();
    const first = await pull.pull();
    expect(first).toMatchObject({
      ok: false,
      fetched: [],
      error: expect.stringMatching(/^the embedding model was not downloaded: the (connection to 127\.0\.0\.1:\d+ broke|download ended early) .*kept for a resume\)$/),
    });
    const second = await pull.pull();
    expect(second.ok).toBe(true);
    const ranges = host.requests.filter((r) => r.path.includes('embeddinggemma') && r.path.includes('/cdn/')).map((r) => r.range);
    expect(ranges).toEqual([undefined, expect.stringMatching(/^bytes=\d+-$/)]);
    const state = await detectModels(env, join(home!.dir, 'no-config.yml'));
    expect(readFileSync(join(state.cacheDir, modelSource(DEFAULTS[0]!)!.fileName)).equals(bodies[0]!)).toBe(true);
  });

  it('refuses a page that is not a model (a captive portal) and keeps nothing of it', async () => {
    const { files } = hostFiles({ 0: 'html' });
    host = await startFakeModelHost(files);
    const { env, pull } = await puller();
    const outcome = await pull.pull();
    expect(outcome).toMatchObject({ ok: false, error: expect.stringMatching(/sent something that is not the file \(it does not start with "GGUF"\): a proxy or captive portal in the way\?$/) });
    const state = await detectModels(env, join(home!.dir, 'no-config.yml'));
    expect(existsSync(join(state.cacheDir, `${modelSource(DEFAULTS[0]!)!.fileName}.partial`))).toBe(false);
    expect(state.embed).toBe(false);
  });

  it('stops a download that stalls, and a pull that runs past its deadline', async () => {
    const { files } = hostFiles({ 0: 'stall' });
    host = await startFakeModelHost(files);
    const stalled = await (await puller({ stallMs: 300 })).pull.pull();
    expect(stalled).toMatchObject({ ok: false, error: expect.stringMatching(/^the embedding model was not downloaded: no data from 127\.0\.0\.1:\d+ for 0\.3 s \(16 bytes kept for a resume\)$/) });
    await home?.cleanup();
    const late = await (await puller({ stallMs: 60_000, deadlineMs: 400 })).pull.pull();
    expect(late).toMatchObject({ ok: false, error: expect.stringMatching(/^the embedding model was not downloaded: stopped: the pull ran past its 0\.4 s deadline \(\d+ bytes kept for a resume\)$/) });
  });

  it('says clearly when the host cannot be reached', async () => {
    const port = await freePort();
    const { pull, logs } = await puller({ baseUrl: `http://127.0.0.1:${port}` });
    const outcome = await pull.pull();
    expect(outcome).toEqual({ ok: false, fetched: [], error: `the embedding model was not downloaded: could not reach 127.0.0.1:${port} (ECONNREFUSED)` });
    expect(logs).toContain('search models could not be downloaded; deep search stays off');
  });
});

describe('the models API', () => {
  let t: TestApp;
  let home: { dir: string; cleanup: () => Promise<void> };
  afterEach(async () => {
    await t.close();
    await home.cleanup();
  });

  it('downloads in the background, and a failure is reported in GET /models and /health without harming the service', async () => {
    const port = await freePort();
    home = await makeTempDir();
    t = await startTestApp({ search: 'qmd', env: { HOME: home.dir, HF_ENDPOINT: `http://127.0.0.1:${port}` } });
    const started = await t.app.inject({ method: 'POST', url: '/models/pull' });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ present: false, missing: ['embedding', 'query expansion', 'reranking'], pull: { running: true } });
    let models = (await t.app.inject({ method: 'GET', url: '/models' })).json();
    for (let i = 0; i < 200 && models.pull.running; i++) {
      await new Promise((r) => setTimeout(r, 25));
      models = (await t.app.inject({ method: 'GET', url: '/models' })).json();
    }
    expect(models.pull).toMatchObject({ running: false, last: { ok: false, fetched: [], error: `the embedding model was not downloaded: could not reach 127.0.0.1:${port} (ECONNREFUSED)` } });
    const health = (await t.app.inject({ method: 'GET', url: '/health' })).json();
    expect(health.qmd.models.pull.last.error).toContain('could not reach');
    expect(health.qmd.available).toBe(true);
  });
});
