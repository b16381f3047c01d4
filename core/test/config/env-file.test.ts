import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseEnvFile } from '../../src/config/env-file.js';
import { ConfigError, loadCliSettings, loadConfig, readEnvironment } from '../../src/config/index.js';
import { repoRoot } from '../../src/config/paths.js';
import { makeTempDir } from '../helpers/temp-dir.js';

describe('.env parsing', () => {
  it('follows the dotenv rules: quotes removed, inline comments, export lines, the last setting wins', () => {
    const text = [
      '# a comment',
      'PORT=9000',
      'QUOTED_PORT="8121" # my port',
      'export KNOWER_TOKEN="tok # not a comment"',
      "SINGLE='$(touch /tmp/x) `id` $HOME'",
      'SPACED =  padded value   # trailing comment',
      'HASH=a#b',
      'EMPTY=',
      'CRLF=yes\r',
      'LINES="one\\ntwo"',
      'PORT=9001',
      'not a setting',
    ].join('\n');
    expect(Object.fromEntries(parseEnvFile(text))).toEqual({
      PORT: '9001',
      QUOTED_PORT: '8121',
      KNOWER_TOKEN: 'tok # not a comment',
      SINGLE: '$(touch /tmp/x) `id` $HOME',
      SPACED: 'padded value',
      HASH: 'a',
      EMPTY: '',
      CRLF: 'yes',
      LINES: 'one\ntwo',
    });
  });

  it('gives the service a quoted port with a comment as a port', () => {
    const config = loadConfig(Object.fromEntries(parseEnvFile('PORT="8121" # my port\nNODE_LLAMA_CPP_GPU=false\n')), repoRoot);
    expect(config.port).toBe(8121);
  });
});

describe('readEnvironment', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    ({ dir, cleanup } = await makeTempDir('knower-env-'));
  });
  afterEach(async () => {
    await cleanup();
  });

  it('lets the real environment win over .env, and tells which keys the environment set', async () => {
    const file = path.join(dir, 'settings.env');
    await writeFile(file, 'PORT=9000\nHOST=127.0.0.2\nVAULT_PATH=./from-file\nKNOWER_STATE_DIR=./state\n');
    const environment = readEnvironment({ KNOWER_ENV_FILE: file, PORT: '9100', HOST: '' });
    expect(environment.merged.PORT).toBe('9100');
    // Set but blank still counts as set for precedence, and as absent for the settings.
    expect(environment.merged.HOST).toBe('');
    expect(environment.merged.VAULT_PATH).toBe('./from-file');
    expect([...environment.explicit].sort()).toEqual(['KNOWER_ENV_FILE', 'PORT']);
    expect([...environment.fromFile].sort()).toEqual(['KNOWER_STATE_DIR', 'VAULT_PATH']);
    expect(environment.process).toEqual({ KNOWER_ENV_FILE: file, PORT: '9100', HOST: '' });
  });

  it('tells the CLI where each locator the person set comes from', async () => {
    const file = path.join(dir, 'settings.env');
    await writeFile(file, 'PORT=9000\nVAULT_PATH=./from-file\nHOST=\n');
    const result = loadCliSettings(readEnvironment({ KNOWER_ENV_FILE: file, KNOWER_STATE_DIR: '/tmp/state' }));
    expect(result.ok && result.settings.named).toEqual({ PORT: file, VAULT_PATH: file, KNOWER_STATE_DIR: 'the environment' });
  });

  it("reads the checkout's .env by default, and a missing file as no settings", () => {
    expect(readEnvironment({}).envFile).toBe(path.join(repoRoot, '.env'));
    const environment = readEnvironment({ KNOWER_ENV_FILE: path.join(dir, 'absent.env'), PORT: '1234' });
    expect(environment.merged).toEqual({ KNOWER_ENV_FILE: path.join(dir, 'absent.env'), PORT: '1234' });
  });

  it('names a settings file it cannot read', () => {
    expect(() => readEnvironment({ KNOWER_ENV_FILE: dir })).toThrow(ConfigError);
    expect(() => readEnvironment({ KNOWER_ENV_FILE: dir })).toThrow(`Cannot read the settings file ${dir}`);
  });

  it('feeds loadConfig: values from .env reach the service configuration', async () => {
    const file = path.join(dir, '.env');
    await writeFile(file, 'PORT=9123\nKNOWER_MODEL=from-file\nKNOWER_TOKEN=a-token-long-enough-123\n');
    const config = loadConfig(readEnvironment({ KNOWER_ENV_FILE: file, KNOWER_MODEL: 'from-env' }).merged, dir);
    expect(config.port).toBe(9123);
    expect(config.anthropic.model).toBe('from-env');
    expect(config.token).toBe('a-token-long-enough-123');
  });
});

describe('loadCliSettings', () => {
  const cli = (env: NodeJS.ProcessEnv) => loadCliSettings(readEnvironment({ KNOWER_ENV_FILE: '/nonexistent/knower.env', ...env }));

  it("uses the service's own defaults, with relative paths from the checkout", () => {
    const result = cli({});
    if (!result.ok) throw new Error(result.message);
    const service = loadConfig({}, repoRoot);
    expect(result.settings).toMatchObject({
      port: service.port,
      host: service.host,
      vaultPath: service.vaultPath,
      stateDir: service.stateDir,
      url: `http://${service.host}:${String(service.port)}`,
      runDir: path.join(repoRoot, '.knower', 'run'),
      runtime: 'auto',
      explicit: { address: false, stateDir: false, vault: false },
    });
  });

  it('reaches a service bound to every interface through loopback, and brackets IPv6', () => {
    const url = (HOST: string) => {
      const result = cli({ HOST, PORT: '8080', KNOWER_ALLOW_REMOTE: '1' });
      return result.ok ? result.settings.url : result.message;
    };
    expect(url('0.0.0.0')).toBe('http://127.0.0.1:8080');
    expect(url('::')).toBe('http://127.0.0.1:8080');
    expect(url('::1')).toBe('http://[::1]:8080');
    expect(url('[::1]')).toBe('http://[::1]:8080');
  });

  it('marks what the environment chose for this run', () => {
    const result = cli({ PORT: '9000', KNOWER_STATE_DIR: '/tmp/state' });
    expect(result.ok && result.settings.explicit).toEqual({ address: true, stateDir: true, vault: false });
  });

  it('names each bad value with what it got', () => {
    const result = cli({ PORT: 'eighty', KNOWER_RUNTIME: 'podman', KNOWER_START_TIMEOUT_S: '1.5' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message.split('\n').sort()).toEqual([
      "KNOWER_RUNTIME must be auto, docker or native (got 'podman')",
      "KNOWER_START_TIMEOUT_S must be a whole number of seconds (got '1.5')",
      "PORT must be a number between 1 and 65535 (got 'eighty')",
    ]);
  });

  it('carries a token of any length: the service judges it', () => {
    const result = cli({ KNOWER_TOKEN: 'short' });
    expect(result.ok && result.settings.token).toBe('short');
  });
});
