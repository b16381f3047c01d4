import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.js';
import { processEnv } from '../helpers/process-env.js';
import { makeTempDir, waitFor } from '../helpers/temp-dir.js';

const coreDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const repoRoot = path.resolve(coreDir, '..');

interface ImageStart {
  env: Record<string, string>;
  workdir: string;
  cmd: string[];
}

/** The runtime stage of core/Dockerfile (its last FROM): the ENV it bakes in, WORKDIR and CMD. */
function imageStart(dockerfile: string): ImageStart {
  const lines = dockerfile.replace(/\\\r?\n/g, ' ').split('\n');
  const stage = lines.slice(lines.map((l) => /^FROM\s/i.test(l)).lastIndexOf(true));
  const start: ImageStart = { env: {}, workdir: '/', cmd: [] };
  for (const line of stage) {
    const [, instruction = '', rest = ''] = /^(\w+)\s+(.*)$/.exec(line.trim()) ?? [];
    if (/^ENV$/i.test(instruction)) {
      for (const pair of rest.trim().split(/\s+/)) {
        const eq = pair.indexOf('=');
        if (eq > 0) start.env[pair.slice(0, eq)] = pair.slice(eq + 1);
      }
    } else if (/^WORKDIR$/i.test(instruction)) start.workdir = rest.trim();
    else if (/^CMD$/i.test(instruction)) start.cmd = JSON.parse(rest) as string[];
  }
  return start;
}

/**
 * No Docker engine runs here: the image's start command is run natively, with the environment
 * the image bakes in. Its folders are moved to temporary ones (the service would otherwise
 * create /vault and /state), and .env is left out as it is in the image.
 */
async function runImageStart(extra: Record<string, string>, temp: string) {
  const image = imageStart(await readFile(path.join(coreDir, 'Dockerfile'), 'utf8'));
  expect(image.workdir).toBe('/app/core');
  const env = processEnv({
    ...image.env,
    VAULT_PATH: path.join(temp, 'vault'),
    KNOWER_STATE_DIR: path.join(temp, 'state'),
    HOME: path.join(temp, 'home'),
    KNOWER_WEB_DIST: path.join(repoRoot, 'apps', 'web', 'dist'),
    KNOWER_LOG_LEVEL: 'warn',
    ...extra,
  });
  // The image holds the repository at /app; here it is this checkout. (Its ENTRYPOINT, tini, only
  // passes signals on and reaps children: the command is run without it.)
  const [command = '', ...args] = image.cmd.map((part) => (part.startsWith('/app/') ? path.join(repoRoot, part.slice('/app/'.length)) : part));
  return { image, env, command: path.resolve(coreDir, command), args };
}

describe('the Docker image does not open the vault to the network by itself', () => {
  it('bakes in HOST=0.0.0.0 but never KNOWER_ALLOW_REMOTE', async () => {
    const image = imageStart(await readFile(path.join(coreDir, 'Dockerfile'), 'utf8'));
    expect(image.env.HOST).toBe('0.0.0.0');
    expect(image.env).not.toHaveProperty('KNOWER_ALLOW_REMOTE');
    expect(image.env).not.toHaveProperty('KNOWER_TOKEN');
    expect(image.cmd.at(-1)).toBe('/app/core/docker-start.sh');
  });

  it('its start command, as a plain `docker run -p` would run it, refuses to start: it exits with the reason', { timeout: 60_000 }, async () => {
    const temp = await makeTempDir();
    const port = await freePort();
    const { env, command, args } = await runImageStart({ PORT: String(port) }, temp.dir);
    // A running container's environment never changes: waiting could not fix a setting. It exits
    // with the reason, and the restart policy shows the code (compose ps: "Restarting (78)").
    const child = spawn(command, args, { cwd: coreDir, env, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code).toBe(78);
      expect(stderr).toContain('HOST="0.0.0.0": binding beyond loopback exposes the vault to the network');
      expect(stderr).toContain('set KNOWER_TOKEN');
      expect(stderr).toContain('KNOWER_ALLOW_REMOTE=1');
      expect(stderr).toContain('Knower cannot start with these settings');
      expect(stderr).not.toContain('starts by itself');
      // Nothing was touched: no vault, no state.
      expect(await readdir(temp.dir)).toEqual([]);
    } finally {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      await temp.cleanup();
    }
  });

  it('a vault folder it cannot use is waited out: the reason once, then it starts when the folder is fixed', { timeout: 90_000 }, async () => {
    const temp = await makeTempDir();
    const port = await freePort();
    // The vault path is a file: a folder problem (like a root-owned vault for uid 1000), fixable from the host while it waits.
    const vault = path.join(temp.dir, 'vault');
    await writeFile(vault, 'not a folder\n');
    const { env, command, args } = await runImageStart({ HOST: '127.0.0.1', PORT: String(port) }, temp.dir);
    const child = spawn(command, args, { cwd: coreDir, env, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      await waitFor(() => stderr.includes('Knower waits for this to be fixed'), 45_000, 'the reason and the wait');
      expect(stderr).toContain(`VAULT_PATH=${JSON.stringify(vault)}: is a file, not a folder`);
      expect(child.exitCode).toBeNull();
      await rm(vault);
      await mkdir(vault);
      await waitFor(
        () =>
          fetch(`http://127.0.0.1:${port}/health`).then(
            (r) => r.ok,
            () => false,
          ),
        60_000,
        'the service to answer once the folder is fixed',
      );
    } finally {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      await temp.cleanup();
    }
  });

  it('the same command starts and answers once the address is loopback (the refusal is about the address)', { timeout: 60_000 }, async () => {
    const temp = await makeTempDir();
    const port = await freePort();
    const { env, command, args } = await runImageStart({ HOST: '127.0.0.1', PORT: String(port) }, temp.dir);
    const child = spawn(command, args, { cwd: coreDir, env, stdio: 'ignore', detached: true });
    try {
      await waitFor(
        () =>
          fetch(`http://127.0.0.1:${port}/health`).then(
            (r) => r.ok,
            () => false,
          ),
        45_000,
        'the service to answer',
      );
    } finally {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      await temp.cleanup();
    }
  });

  it('compose publishes on 127.0.0.1 only and says explicitly that this is why no token is needed', async () => {
    const compose = await readFile(path.join(repoRoot, 'docker-compose.yml'), 'utf8');
    const core = compose.slice(compose.indexOf('\n  core:'), compose.indexOf('\n  ollama:'));
    expect(core).toMatch(/^\s+- "127\.0\.0\.1:\$\{PORT:-8000\}:8000"$/m);
    for (const [, published] of core.matchAll(/^\s+- "([^"]+:\d+)"$/gm)) expect(published, 'a published port').toMatch(/^127\.0\.0\.1:/);
    expect(core).toMatch(/^\s+- KNOWER_ALLOW_REMOTE=1$/m);
    expect(core).toMatch(/^\s+- HOST=0\.0\.0\.0$/m);
  });
});
