// One `knower start` in one shell; then other shells, with other working directories and none
// of its PORT / KNOWER_STATE_DIR / VAULT_PATH, find the service from its record.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.js';
import { repoRoot, runKnower, scratchEnvFile, shellEnv } from './knower-process.js';

describe('knower CLI: finding the service it started, from any shell', () => {
  let scratch: string;
  let port: number;
  let url: string;
  let startEnv: NodeJS.ProcessEnv;
  let otherEnv: NodeJS.ProcessEnv;
  let otherCwd: string;
  let vault: string;
  let stateDir: string;
  let runDir: string;

  beforeAll(async () => {
    if (!existsSync(join(repoRoot, 'core/dist/main.js'))) throw new Error('core/dist is missing: run `npm run build` (./knower test does it for you)');
    scratch = await realpath(await mkdtemp(join(tmpdir(), 'knower-find-')));
    port = await freePort();
    url = `http://127.0.0.1:${String(port)}`;
    vault = join(scratch, 'vault');
    stateDir = join(scratch, 'state');
    runDir = join(scratch, 'run');
    otherCwd = join(scratch, 'elsewhere');
    await mkdir(otherCwd);
    const common = { KNOWER_RUN_DIR: runDir, KNOWER_EMBED_INTERVAL_S: '3600', CI: 'true' };
    startEnv = shellEnv(scratch, { ...common, HOST: '127.0.0.1', PORT: String(port), KNOWER_STATE_DIR: stateDir, VAULT_PATH: vault, KNOWER_START_TIMEOUT_S: '60' });
    otherEnv = shellEnv(scratch, common);
    const started = await runKnower(['start'], startEnv, scratch);
    expect(started.stderr).toBe('');
    expect(started.code).toBe(0);
  }, 120_000);

  afterAll(async () => {
    await runKnower(['stop'], startEnv, scratch);
    await rm(scratch, { recursive: true, force: true });
  });

  it('records what it started: address, vault, pid and state dir', async () => {
    const files = await readdir(runDir);
    expect(files).toEqual([`service-${String(port)}.json`]);
    const record = JSON.parse(await readFile(join(runDir, files[0] ?? ''), 'utf8')) as Record<string, unknown>;
    const pid = Number((await readFile(join(stateDir, 'core.pid'), 'utf8')).split('\n')[0]);
    expect(record).toMatchObject({ url, port, vault, stateDir, pid, log: join(stateDir, 'core.log') });
  });

  it('status, search, add, vault and logs reach it from another shell and directory', { timeout: 60_000 }, async () => {
    const status = await runKnower(['status'], otherEnv, otherCwd);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(`Knower is running at ${url} (native, pid `);

    const search = await runKnower(['search', 'tasks', '--json'], otherEnv, otherCwd);
    expect(search.code).toBe(0);
    expect(JSON.parse(search.stdout)).toHaveProperty('results');

    const added = await runKnower(['add', 'a note from another shell'], otherEnv, otherCwd);
    expect(added.code).toBe(0);
    expect(added.stdout.trim()).toMatch(/\S/);

    const where = await runKnower(['vault', '--path'], otherEnv, otherCwd);
    expect(where.stdout.trim()).toBe(vault);

    const logs = await runKnower(['logs', '-n', '200'], otherEnv, otherCwd);
    expect(logs.code).toBe(0);
    expect(logs.stdout).toMatch(/POST \/update 202/);
    expect(logs.stdout).not.toContain('/health');
    const raw = await runKnower(['logs', '--json', '-n', '200'], otherEnv, otherCwd);
    expect(raw.stdout).toContain('"url":"/health"');
  });

  it('start from another shell says it already runs, at its real address', async () => {
    // Its .env names the service's state dir: what .env names must be that service's (see start-differences.test.ts).
    const env = { ...otherEnv, KNOWER_ENV_FILE: scratchEnvFile(join(scratch, 'same-state'), 'scratch.env', [`KNOWER_STATE_DIR=${stateDir}`]) };
    const again = await runKnower(['start'], env, otherCwd);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`Knower is already running at ${url} (pid `);
  });

  it('refuses this vault on another port rather than print a wrong address', async () => {
    const other = await freePort();
    const moved = await runKnower(['start'], { ...otherEnv, PORT: String(other), VAULT_PATH: vault }, otherCwd);
    expect(moved.code).toBe(1);
    expect(moved.stderr).toContain(`this vault is already served at ${url}`);
    expect(moved.stdout).not.toContain('running at');
    const nothing = await runKnower(['status'], { ...otherEnv, PORT: String(other) }, otherCwd);
    expect(nothing.code).toBe(3);
  });

  it('at another address, the same state dir: not running (its pid file names where its service runs)', async () => {
    const other = await freePort();
    const env = { ...otherEnv, PORT: String(other), KNOWER_STATE_DIR: stateDir };
    const status = await runKnower(['status'], env, otherCwd);
    expect(status.code).toBe(3);
    expect(status.stdout).toContain(`Knower is not running (nothing answers at http://127.0.0.1:${String(other)})`);
    const stop = await runKnower(['stop'], env, otherCwd);
    expect(stop.code).toBe(0);
    expect(stop.stdout).toContain('Knower is not running.');
    expect(existsSync(join(stateDir, 'core.pid'))).toBe(true);
    const still = await runKnower(['status'], otherEnv, otherCwd);
    expect(still.code).toBe(0);
  });

  it('refuses its state dir to a second vault', async () => {
    const other = await freePort();
    const env = { ...otherEnv, PORT: String(other), VAULT_PATH: join(scratch, 'second-vault'), KNOWER_STATE_DIR: stateDir };
    const shared = await runKnower(['start'], env, otherCwd);
    expect(shared.code).toBe(1);
    expect(shared.stderr).toContain(`the state dir ${stateDir} is in use by the Knower serving ${vault} at ${url}`);
  });

  it('refuses a second vault on the port this Knower serves', async () => {
    const env = { ...otherEnv, PORT: String(port), VAULT_PATH: join(scratch, 'second-vault'), KNOWER_STATE_DIR: join(scratch, 'second-state') };
    const second = await runKnower(['start'], env, otherCwd);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`port ${String(port)} is taken: the Knower at ${url}`);
    expect(second.stderr).toContain(`serves another vault, ${vault}`);
    expect(existsSync(join(scratch, 'second-state', 'core.pid'))).toBe(false);
  });

  it('stop from another shell stops it and clears its record and pid file', { timeout: 30_000 }, async () => {
    const stopped = await runKnower(['stop'], otherEnv, otherCwd);
    expect(stopped.code).toBe(0);
    expect(stopped.stdout).toContain('Stopped Knower (pid ');
    expect(await readdir(runDir)).toEqual([]);
    expect(existsSync(join(stateDir, 'core.pid'))).toBe(false);
    const after = await runKnower(['status'], { ...otherEnv, PORT: String(port) }, otherCwd);
    expect(after.code).toBe(3);
  });
});
