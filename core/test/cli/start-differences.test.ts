// `knower start` when .env was edited since the service started: it says what differs from the
// running service and what to do, instead of "already running". And names in .env that Knower
// does not read (a misspelt KNOWER_TOKEN) are said by the CLI and in the service's log, never
// their values.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.js';
import { repoRoot, runKnower, shellEnv, type Run } from './knower-process.js';

const SECRET = '9c1f4e7a2b8d6053e1a7c4f2b9d8e6a1';

describe('knower start: what .env names, against what runs', () => {
  let scratch: string;
  let envFile: string;
  let shell: NodeJS.ProcessEnv;
  let port: number;
  let vault: string;
  let stateDir: string;
  let started: Run;
  const otherPorts: number[] = [];

  /** The .env file: the running service's settings, with `changes` over them. */
  const writeEnv = (changes: Record<string, string> = {}) => {
    const settings = { PORT: String(port), VAULT_PATH: vault, KNOWER_STATE_DIR: stateDir, KNOWER_RUN_DIR: join(scratch, 'run'), KNOWER_EMBED_INTERVAL_S: '3600', ...changes };
    return writeFile(
      envFile,
      `${Object.entries(settings)
        .map(([key, value]) => `${key}=${value}`)
        .join('\n')}\n`,
    );
  };

  beforeAll(async () => {
    if (!existsSync(join(repoRoot, 'core/dist/main.js'))) throw new Error('core/dist is missing: run `npm run build` (./knower test does it for you)');
    scratch = await realpath(await mkdtemp(join(tmpdir(), 'knower-differences-')));
    envFile = join(scratch, 'settings.env');
    port = await freePort();
    vault = join(scratch, 'vault');
    stateDir = join(scratch, 'state');
    shell = shellEnv(scratch, { KNOWER_ENV_FILE: envFile, CI: 'true', KNOWER_START_TIMEOUT_S: '60' });
    await writeEnv({ KNOWR_TOKEN: SECRET });
    started = await runKnower(['start'], shell, scratch);
    expect(started.code, started.stderr).toBe(0);
  }, 120_000);

  afterAll(async () => {
    await writeEnv();
    for (const p of [port, ...otherPorts]) await runKnower(['stop'], { ...shell, PORT: String(p) }, scratch);
    await rm(scratch, { recursive: true, force: true });
  });

  it('warns that KNOWR_TOKEN is not a setting, naming KNOWER_TOKEN, without its value', () => {
    expect(started.stderr).toContain(`knower: KNOWR_TOKEN (set in ${envFile}) is not a Knower setting: did you mean KNOWER_TOKEN? It is ignored.`);
    expect(started.stderr + started.stdout).not.toContain(SECRET);
  });

  it("says it in the service's log too, without the value", async () => {
    const log = await readFile(join(stateDir, 'core.log'), 'utf8');
    expect(log).toContain('KNOWR_TOKEN');
    expect(log).toContain('did you mean KNOWER_TOKEN?');
    expect(log).not.toContain(SECRET);
  });

  it('says what differs when .env names another port and vault, and what to do', { timeout: 60_000 }, async () => {
    // Unchanged, .env names the running service: that one is "already running".
    await writeEnv();
    const again = await runKnower(['start'], shell, scratch);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`Knower is already running at http://127.0.0.1:${String(port)}`);

    const other = await freePort();
    const elsewhere = join(scratch, 'other-vault');
    await writeEnv({ PORT: String(other), VAULT_PATH: elsewhere });
    const moved = await runKnower(['start'], shell, scratch);
    expect(moved.code).toBe(1);
    expect(moved.stdout).not.toContain('already running');
    expect(moved.stderr.split('\n')).toEqual([
      `knower: the settings name another service than the Knower running at http://127.0.0.1:${String(port)} (pid ${String(await servicePid())}, vault ${vault}):`,
      `knower:   PORT is ${String(other)} in ${envFile}; that one listens on ${String(port)}`,
      `knower:   VAULT_PATH is ${elsewhere} in ${envFile}; that one serves ${vault}`,
      `knower: to start it with these settings, stop that one first: PORT=${String(port)} ./knower stop, then ./knower start`,
      'knower: to run both, give the new one its own KNOWER_STATE_DIR',
      '',
    ]);
    expect(existsSync(elsewhere)).toBe(false);
  });

  it('says a changed state dir alone, with the port it shares', async () => {
    await writeEnv({ KNOWER_STATE_DIR: join(scratch, 'other-state') });
    const moved = await runKnower(['start'], shell, scratch);
    expect(moved.code).toBe(1);
    expect(moved.stderr).toContain(`knower:   KNOWER_STATE_DIR is ${join(scratch, 'other-state')} in ${envFile}; that one uses ${stateDir}`);
    expect(moved.stderr).toContain(`stop that one first: PORT=${String(port)} ./knower stop`);
  });

  it('starts another service beside it when .env gives it its own port, vault and state dir, and says so', { timeout: 120_000 }, async () => {
    const other = await freePort();
    otherPorts.push(other);
    await writeEnv({ PORT: String(other), VAULT_PATH: join(scratch, 'second-vault'), KNOWER_STATE_DIR: join(scratch, 'second-state') });
    const second = await runKnower(['start'], shell, scratch);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain(`knower: the settings name another service than the Knower running at http://127.0.0.1:${String(port)}`);
    expect(second.stderr).toContain(`knower: starting it beside that one (PORT=${String(port)} ./knower stop stops that one)`);
    expect(second.stdout).toContain(`Knower is running at http://127.0.0.1:${String(other)}`);
  });

  const servicePid = async () => Number((await readFile(join(stateDir, 'core.pid'), 'utf8')).split('\n')[0]);
});
