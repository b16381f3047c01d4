// What `knower start` does when something already answers on its port, and how every command
// treats a record whose service is gone. Stand-in HTTP servers play what holds the port.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.js';
import { runKnower, scratchEnvFile, sendJson, shellEnv, standIn, type StandIn } from './knower-process.js';

let scratch: string;
let vault: string;
let runDir: string;
let servers: StandIn[] = [];

beforeAll(async () => {
  scratch = await realpath(await mkdtemp(join(tmpdir(), 'knower-ports-')));
  vault = join(scratch, 'vault');
  runDir = join(scratch, 'run');
  await mkdir(vault);
});
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function holdPort(answer: Parameters<typeof standIn>[0]): Promise<StandIn> {
  const server = await standIn(answer);
  servers.push(server);
  return server;
}

function startEnv(port: number, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return shellEnv(scratch, { HOST: '127.0.0.1', PORT: String(port), VAULT_PATH: vault, KNOWER_STATE_DIR: join(scratch, 'state'), KNOWER_RUN_DIR: runDir, ...extra });
}

const health = (vaultPath: string, extra: Record<string, unknown> = {}) => ({
  status: 'ok',
  vault: { path: vaultPath, files: 3, notes: 3, tokens: 40, watching: true },
  queue: { pending: 0, running: null, total: 0 },
  ...extra,
});

describe('knower start: the port is taken', () => {
  it('by a Knower serving another vault: refused, nothing started', async () => {
    const other = await holdPort((_req, res) => sendJson(res, 200, health('/elsewhere/vault')));
    const result = await runKnower(['start'], startEnv(other.port), scratch);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`knower: port ${String(other.port)} is taken: the Knower at ${other.url} serves another vault, /elsewhere/vault`);
    expect(result.stdout).toBe('');
    expect(other.requests).toEqual(['GET /health']);
    expect(existsSync(join(scratch, 'state', 'core.pid'))).toBe(false);
    expect(existsSync(runDir) ? await readdir(runDir) : []).not.toContain(`service-${String(other.port)}.json`);
  });

  it.each([
    ['an HTML page', 404, 'text/html', '<h1>Not Found</h1>', 'GET /health answered HTTP 404: <h1>Not Found</h1>'],
    ['some JSON API', 200, 'application/json', '{"ok":true}', "GET /health answered HTTP 200 without Knower's health document"],
  ])('by something that is not Knower (%s): refused', async (_what, status, type, body, detail) => {
    const other = await holdPort((_req, res) => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    });
    const result = await runKnower(['start'], startEnv(other.port), scratch);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`port ${String(other.port)} is taken by something that is not Knower (${detail})`);
    expect(result.stderr).toContain('choose another port, e.g. PORT=');
    expect(existsSync(join(scratch, 'state', 'core.pid'))).toBe(false);
  });

  it('by a listener that never answers: refused without a long wait for it', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    try {
      const { port } = silent.address() as AddressInfo;
      const result = await runKnower(['start'], startEnv(port), scratch);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`port ${String(port)} is taken by something that does not answer HTTP (no answer to GET /health within 1.5s)`);
      expect(existsSync(join(scratch, 'state', 'core.pid'))).toBe(false);
    } finally {
      silent.close();
    }
  });

  it('by a Knower that asks for a token: refused, with what to set', async () => {
    const other = await holdPort((_req, res) => sendJson(res, 401, { error: 'unauthorized', message: 'missing or wrong token' }));
    const result = await runKnower(['start'], startEnv(other.port), scratch);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is taken by a service that asks for a token (GET /health answered HTTP 401: missing or wrong token)');
  });
});

describe('knower start: this vault is already served', () => {
  it('says so, with the frontmatter mode and one progress line when not on a terminal', async () => {
    const knower = await holdPort((_req, res) =>
      sendJson(
        res,
        200,
        health(vault, {
          status: 'indexing',
          indexing: { ready: false, files: { done: 120, total: 2333 }, search: { done: 80, total: 2333 } },
          vault: { path: vault, frontmatter: { mode: 'knower', reason: 'the vault had 2333 notes at first start' } },
        }),
      ),
    );
    const result = await runKnower(['start'], startEnv(knower.port), scratch);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')).toEqual([
      'Frontmatter: knower — the vault had 2333 notes at first start',
      'Indexing the vault: 120/2333 files read, 80/2333 notes searchable; it goes on in the background (./knower status shows progress; start --wait waits for it)',
      `A Knower service already answers at ${knower.url} (not started by this checkout's CLI)`,
      '',
    ]);
  });

  it('with --wait, waits until search covers the vault', { timeout: 30_000 }, async () => {
    let polls = 0;
    const knower = await holdPort((_req, res) => {
      polls++;
      const done = Math.min(polls * 10, 30);
      const indexing = { ready: done === 30, files: { done: 30, total: 30 }, search: { done, total: 30 } };
      sendJson(res, 200, health(vault, { status: done === 30 ? 'ok' : 'indexing', indexing }));
    });
    const result = await runKnower(['start', '--wait'], startEnv(knower.port), scratch);
    expect(result.code).toBe(0);
    expect(polls).toBe(3);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toBe('Indexing the vault: 30/30 files read, 10/30 notes searchable');
    expect(lines.at(-2)).toBe('Search covers the vault: 30 notes.');
    expect(lines.at(-1)).toBe(`A Knower service already answers at ${knower.url} (not started by this checkout's CLI)`);
  });

  it('treats a /health without indexing progress (an older service) as ready', async () => {
    const knower = await holdPort((_req, res) => sendJson(res, 200, health(vault)));
    const result = await runKnower(['start', '--wait'], startEnv(knower.port), scratch);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe(`A Knower service already answers at ${knower.url} (not started by this checkout's CLI)`);
  });
});

describe('knower CLI: stale records', () => {
  it('are ignored and removed: a dead pid, a pid that is not Knower, an unreadable file', async () => {
    const gone = spawn('true');
    await new Promise((done) => gone.on('close', done));
    const port = await freePort();
    await mkdir(runDir, { recursive: true });
    const record = (pid: number, p: number) => ({
      url: `http://127.0.0.1:${String(p)}`,
      host: '127.0.0.1',
      port: p,
      vault,
      stateDir: join(scratch, 'state'),
      pid,
      log: join(scratch, 'state', 'core.log'),
      startedAt: new Date().toISOString(),
    });
    await writeFile(join(runDir, `service-${String(port)}.json`), JSON.stringify(record(gone.pid ?? 0, port)));
    await writeFile(join(runDir, `service-${String(port + 1)}.json`), JSON.stringify(record(process.pid, port + 1)));
    await writeFile(join(runDir, `service-${String(port + 2)}.json`), '{"url": ');

    // No PORT or KNOWER_STATE_DIR in the environment (a .env setting is a default, not a
    // choice for this run): the CLI would follow a record, were one alive.
    const envFile = scratchEnvFile(scratch, 'stale.env', [`PORT=${String(await freePort())}`]);
    const result = await runKnower(['status'], shellEnv(scratch, { KNOWER_RUN_DIR: runDir, KNOWER_ENV_FILE: envFile }), scratch);
    expect(result.code).toBe(3);
    expect(result.stdout).not.toContain(String(port));
    expect(await readdir(runDir)).toEqual([]);
  });
});
