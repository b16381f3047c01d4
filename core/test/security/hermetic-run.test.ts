import { spawn } from 'node:child_process';
import { cp, mkdir, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRunEnvironment } from '../../src/cli/verbs/test.js';
import { freePort } from '../helpers/free-port.js';
import { makeTempDir, waitFor } from '../helpers/temp-dir.js';

const coreDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const repoRoot = path.resolve(coreDir, '..');

/**
 * The test files that start the service or the CLI as processes: the ones a .env could reach.
 * history-crash is the one that used to send its updates to the model named there.
 */
const PROCESS_SUITES = ['test/history/history-crash.test.ts', 'test/security/loopback-binding.test.ts', 'test/config/test-environment.test.ts'];

interface Recorder {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

/** A model endpoint that answers nothing useful and writes down every request that reaches it. */
async function startRecorder(): Promise<Recorder> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(`${req.method ?? ''} ${req.url ?? ''}`);
    req.resume();
    res.writeHead(500, { 'content-type': 'application/json' }).end('{"type":"error","error":{"type":"api_error","message":"recorded"}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function run(command: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number }): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/**
 * Acceptance: a person followed the README and put a provider key, and a base URL, in the
 * checkout's .env (here the URL leads to a recorder). The tests that start processes run the
 * way `knower test` runs them, in a copy of the checkout holding that .env: they pass, and the
 * recorder hears nothing. First, the copy's .env is shown to work: the service started by
 * hand there does call the recorder.
 */
describe("a developer's .env never reaches the tests", () => {
  let recorder: Recorder;
  let checkout: { dir: string; cleanup: () => Promise<void> };
  beforeAll(async () => {
    recorder = await startRecorder();
    checkout = await makeTempDir('knower-checkout-');
    const copy = path.join(checkout.dir, 'core');
    await mkdir(copy, { recursive: true });
    for (const part of ['src', 'test']) await cp(path.join(coreDir, part), path.join(copy, part), { recursive: true });
    for (const file of ['package.json', 'tsconfig.json', 'vitest.config.ts']) await cp(path.join(coreDir, file), path.join(copy, file));
    await cp(path.join(repoRoot, 'package.json'), path.join(checkout.dir, 'package.json'));
    await symlink(path.join(repoRoot, 'node_modules'), path.join(checkout.dir, 'node_modules'));
    await writeFile(
      path.join(checkout.dir, '.env'),
      [
        `ANTHROPIC_API_KEY=sk-ant-from-the-developers-env`,
        `ANTHROPIC_BASE_URL=${recorder.url}`,
        `OPENAI_API_KEY=sk-from-the-developers-env`,
        `OPENAI_BASE_URL=${recorder.url}/v1`,
        `KNOWER_EMBED_INTERVAL_S=0`,
        '',
      ].join('\n'),
    );
  });
  afterAll(async () => {
    await recorder.close();
    await checkout.cleanup();
  });

  it("the copy's .env is live: the service started there by hand calls the recorder", { timeout: 90_000 }, async () => {
    const port = await freePort();
    const base = path.join(checkout.dir, 'by-hand');
    const child = spawn(path.join(checkout.dir, 'node_modules', '.bin', 'tsx'), [path.join(checkout.dir, 'core', 'src', 'main.ts')], {
      cwd: checkout.dir,
      env: { PATH: process.env.PATH, HOME: checkout.dir, VAULT_PATH: path.join(base, 'vault'), KNOWER_STATE_DIR: path.join(base, 'state'), PORT: String(port), KNOWER_LOG_LEVEL: 'silent' },
      stdio: 'ignore',
      detached: true,
    });
    try {
      const url = `http://127.0.0.1:${port}`;
      await waitFor(
        () =>
          fetch(`${url}/health`).then(
            (r) => r.ok,
            () => false,
          ),
        45_000,
        'the service to answer',
      );
      await fetch(`${url}/update`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'a note for the model' }) });
      await waitFor(() => recorder.requests.length > 0, 30_000, 'the model named in .env to be called');
      expect(recorder.requests[0]).toMatch(/^POST \/v1\/messages/);
    } finally {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      recorder.requests.length = 0;
    }
  });

  it('run as `knower test` runs them, the suites that start processes pass and call nothing', { timeout: 240_000 }, async () => {
    // The shell had the keys exported too: the runner leaves them out as well.
    const shell = { ...process.env, ANTHROPIC_API_KEY: 'sk-ant-exported', ANTHROPIC_BASE_URL: recorder.url, KNOWER_PROVIDER: 'anthropic' };
    const vitest = path.join(repoRoot, 'node_modules', '.bin', 'vitest');
    const result = await run(vitest, ['run', ...PROCESS_SUITES], { cwd: path.join(checkout.dir, 'core'), env: testRunEnvironment(checkout.dir, shell), timeoutMs: 220_000 });
    expect(result.code, result.output.slice(-3000)).toBe(0);
    // eslint-disable-next-line no-control-regex -- colour codes, should the terminal ask for them
    expect(result.output.replace(/\x1b\[[0-9;]*m/g, '')).toMatch(/Test Files\s+3 passed \(3\)/);
    expect(recorder.requests, 'requests that reached the model named in .env').toEqual([]);
  });
});
