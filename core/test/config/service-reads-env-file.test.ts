// The service started directly (`node core/dist/main.js`, no CLI in front) takes its settings
// from .env too: one config reader for the whole product.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config/paths.js';
import { freePort } from '../helpers/free-port.js';
import { makeTempDir, waitFor } from '../helpers/temp-dir.js';

const main = path.join(repoRoot, 'core', 'dist', 'main.js');
const node22 = Number(process.versions.node.split('.')[0]) >= 22 ? process.execPath : path.join(repoRoot, 'node_modules', '.bin', 'node');

describe('the service started directly', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    if (!existsSync(main)) throw new Error('core/dist/main.js is missing: run `npm run build` (./knower test does it for you)');
    ({ dir, cleanup } = await makeTempDir('knower-direct-'));
  });
  afterAll(async () => {
    await cleanup();
  });

  it('honours the .env file, with the environment winning over it', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const envFile = path.join(dir, '.env');
    await mkdir(path.join(dir, 'vault'));
    await writeFile(
      envFile,
      [`PORT=${String(port)}`, `VAULT_PATH=${path.join(dir, 'vault')}`, `KNOWER_STATE_DIR=${path.join(dir, 'state')}`, 'KNOWER_LOG_LEVEL=debug', 'KNOWER_EMBED_INTERVAL_S=0'].join('\n'),
    );
    const child = spawn(node22, [main], {
      cwd: dir,
      env: { PATH: process.env.PATH, HOME: dir, CI: '1', KNOWER_ENV_FILE: envFile, KNOWER_LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const health = await waitFor(
        async () => {
          const res = await fetch(`http://127.0.0.1:${String(port)}/health`).catch(() => undefined);
          return res?.ok ? ((await res.json()) as { vault: { path: string } }) : undefined;
        },
        30_000,
        `/health on the port from .env (service output: ${output})`,
      );
      expect(health.vault.path).toBe(await realpath(path.join(dir, 'vault')));
      // KNOWER_LOG_LEVEL=silent from the environment beat debug from the file.
      expect(output).toBe('');
    } finally {
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
    }
  });
});
