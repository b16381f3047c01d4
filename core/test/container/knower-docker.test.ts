// The Docker path on a real engine (./knower test --docker): the image built as compose builds
// it, started by `./knower start`, used, read through `./knower logs`, stopped; and the two ways
// a start cannot go ahead. Each case is a compose project of its own (its own containers,
// volumes and port), removed afterwards: a Knower the developer runs is never touched.
import { spawn, spawnSync } from 'node:child_process';
import { chown, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machineProbes } from '../../src/cli/service/runtime-choice.js';
import { childOutput, type ChildOutput } from '../helpers/child-output.js';
import { freePort } from '../helpers/free-port.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { repoRoot, scratchEnvFile } from '../cli/knower-process.js';

const docker = (args: string[]) => spawnSync('docker', args, { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

let scratch: string;
let cleanup: () => Promise<void>;
const projects: string[] = [];

beforeAll(async () => {
  ({ dir: scratch, cleanup } = await makeTempDir('knower-container-'));
  // The image compose runs (knower-core:local), built from this checkout; host networking, as
  // an engine without a default bridge needs (npm ci inside the build reaches the registry).
  const built = docker(['build', '--network', 'host', '-f', 'core/Dockerfile', '-t', 'knower-core:local', '.']);
  expect(built.status, built.stderr.slice(-2000)).toBe(0);
});

afterAll(async () => {
  // The compose command ./knower uses (the plugin, or docker-compose v1).
  const [command = 'docker', ...rest] = machineProbes.compose(process.env) ?? ['docker', 'compose'];
  for (const project of projects) {
    const down = spawnSync(command, [...rest, '-p', project, '--profile', 'core', 'down', '-v', '--remove-orphans'], { cwd: repoRoot, encoding: 'utf8' });
    expect(down.status, down.stderr).toBe(0);
  }
  await cleanup();
});

/** A compose project, port, vault and settings of its own. */
async function stack(name: string, settings: string[] = []) {
  const project = `knower-check-${name}-${String(process.pid)}`;
  projects.push(project);
  const home = path.join(scratch, name);
  const vault = path.join(home, 'vault');
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    KNOWER_RUNTIME: 'docker',
    COMPOSE_PROJECT_NAME: project,
    PORT: String(port),
    VAULT_PATH: vault,
    KNOWER_START_TIMEOUT_S: '240',
    KNOWER_ENV_FILE: scratchEnvFile(home, 'check.env', ['KNOWER_MODELS_AUTO_PULL=0', ...settings]),
  };
  const knower = (args: string[]) => childOutput(spawn(path.join(repoRoot, 'knower'), args, { cwd: home, env }));
  return { vault, port, knower };
}

const both = (run: ChildOutput) => `${run.stdout}\n${run.stderr}`;

describe('Knower in Docker, on a real engine', () => {
  it('start, an update, a search, logs, stop', async () => {
    const { port, knower } = await stack('use');
    const started = await knower(['start']);
    expect(started.code, both(started)).toBe(0);
    expect(started.stdout).toContain(`Knower is running at http://127.0.0.1:${String(port)} (docker)`);

    const added = await knower(['add', 'The heron nests by the mill pond.', '--wait']);
    expect(added.code, both(added)).toBe(0);
    const found = await knower(['search', 'heron']);
    expect(found.code, both(found)).toBe(0);
    expect(found.stdout).toContain('heron');

    const logs = await knower(['logs', '-n', '50']);
    expect(logs.code, both(logs)).toBe(0);
    expect(logs.stdout).toMatch(/INFO {2}POST \/update 202 \d+ ms/);
    expect(logs.stdout).not.toContain('/health');
    expect(logs.stdout).not.toMatch(/^\{/m);
    const raw = await knower(['logs', '--json', '-n', '5']);
    expect(
      raw.stdout
        .split('\n')
        .filter(Boolean)
        .every((l) => l.startsWith('{')),
    ).toBe(true);

    const stopped = await knower(['stop']);
    expect(stopped.code, both(stopped)).toBe(0);
    const status = await knower(['status']);
    expect(status.code).toBe(3);
  });

  it('a vault the container cannot write: refused at once, with the exact chown', async () => {
    const { vault, knower } = await stack('locked');
    await mkdir(vault, { recursive: true });
    await writeFile(path.join(vault, 'mine.md'), '# Mine\n');
    await chown(vault, 1001, 1001);
    const started = await knower(['start']);
    expect(started.code).toBe(1);
    expect(started.stderr).toContain(`chown -R 1000:1000 ${vault}`);
  });

  it('a bad setting: the container exits with the message, and start says so', async () => {
    const { knower } = await stack('setting', ['KNOWER_EMBED_INTERVAL_S=soon']);
    const started = await knower(['start']);
    expect(started.code).toBe(1);
    expect(started.stderr).toContain('KNOWER_EMBED_INTERVAL_S="soon": must be a number of seconds');
    expect(started.stderr).toContain('the container exits: fix the setting, then ./knower start again');
  });
});
