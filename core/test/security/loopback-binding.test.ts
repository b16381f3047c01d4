import { spawnSync } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.js';
import { processEnv } from '../helpers/process-env.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const coreDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('without a token the service stays on loopback', () => {
  it.each(['0.0.0.0', '::', '192.168.1.20', 'knower.lan'])('refuses HOST=%s unless a token or KNOWER_ALLOW_REMOTE=1 is set', (host) => {
    expect(() => loadConfig({ HOST: host })).toThrow(ConfigError);
    expect(() => loadConfig({ HOST: host })).toThrow(/binding beyond loopback exposes the vault to the network; set KNOWER_TOKEN .*, or KNOWER_ALLOW_REMOTE=1/);
    expect(loadConfig({ HOST: host, KNOWER_TOKEN: 'a-long-enough-token-1234' }).host).toBe(host);
    expect(loadConfig({ HOST: host, KNOWER_ALLOW_REMOTE: '1' }).allowRemote).toBe(true);
    expect(() => loadConfig({ HOST: host, KNOWER_ALLOW_REMOTE: '0' })).toThrow(ConfigError);
  });

  it.each(['127.0.0.1', '127.0.0.2', 'localhost', '::1'])('binds %s without a token', (host) => {
    expect(loadConfig({ HOST: host }).host).toBe(host);
  });

  it('defaults to 127.0.0.1, and validates the token and the host list', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(() => loadConfig({ KNOWER_TOKEN: 'short' })).toThrow(/KNOWER_TOKEN \(value not shown\): is 5 characters long; it must be at least 16/);
    expect(loadConfig({ KNOWER_ALLOWED_HOSTS: ' knower.lan ,Notes.Example ' }).allowedHosts).toEqual(['knower.lan', 'notes.example']);
    expect(() => loadConfig({ KNOWER_ALLOWED_HOSTS: 'evil.example/x' })).toThrow(/KNOWER_ALLOWED_HOSTS/);
  });

  it('the real process exits with EX_CONFIG (78) before touching anything', async () => {
    const temp = await makeTempDir();
    try {
      const tsx = path.join(coreDir, '..', 'node_modules', '.bin', 'tsx');
      const run = spawnSync(tsx, [path.join(coreDir, 'src', 'main.ts')], {
        env: processEnv({ HOME: temp.dir, HOST: '0.0.0.0', PORT: '18765', VAULT_PATH: path.join(temp.dir, 'vault'), KNOWER_STATE_DIR: path.join(temp.dir, 'state') }),
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(run.status, run.stderr).toBe(78);
      expect(run.stderr).toContain('HOST="0.0.0.0": binding beyond loopback exposes the vault');
      expect(await readdir(temp.dir)).toEqual([]);
    } finally {
      await temp.cleanup();
    }
  });
});
