import { devNull } from 'node:os';
import { describe, expect, it } from 'vitest';
import { testEnvironment } from '../../src/config/index.js';
import { testRunEnvironment } from '../../src/cli/verbs/test.js';

const SHELL = {
  PATH: '/usr/bin',
  HOME: '/home/dana',
  LANG: 'C.UTF-8',
  LC_ALL: 'C.UTF-8',
  TERM: 'xterm',
  CHROMIUM_PATH: '/opt/chromium',
  ANTHROPIC_API_KEY: 'sk-ant-real',
  ANTHROPIC_BASE_URL: 'https://api.anthropic.com',
  OPENAI_API_KEY: 'sk-real',
  OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
  KNOWER_PROVIDER: 'anthropic',
  KNOWER_TOKEN: 'f3a91c07d25e48b6a0c4e7d19b82f5c3',
  KNOWER_ENV_FILE: '/home/dana/knower.env',
  VAULT_PATH: '/home/dana/notes',
  HTTPS_PROXY: 'http://proxy:3128',
  NODE_OPTIONS: '--require /home/dana/hook.js',
};

describe('the test environment', () => {
  it('keeps programs, home, locale and terminal; leaves out keys, KNOWER_* settings, proxies and the .env', () => {
    expect(testEnvironment(SHELL)).toEqual({
      PATH: '/usr/bin',
      HOME: '/home/dana',
      LANG: 'C.UTF-8',
      LC_ALL: 'C.UTF-8',
      TERM: 'xterm',
      CHROMIUM_PATH: '/opt/chromium',
      KNOWER_ENV_FILE: devNull,
    });
  });

  it("is what every step of `knower test` runs with, the project's Node first on PATH", () => {
    const env = testRunEnvironment('/repo', SHELL);
    expect(env.PATH?.split(':')[0]).toBe('/repo/node_modules/.bin');
    expect(env.KNOWER_ENV_FILE).toBe(devNull);
    for (const key of ['ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'KNOWER_PROVIDER', 'KNOWER_TOKEN', 'VAULT_PATH', 'HTTPS_PROXY', 'NODE_OPTIONS']) {
      expect(env, key).not.toHaveProperty(key);
    }
  });

  it('is the environment this very test runs in, whatever the shell that started it had', () => {
    expect(process.env.KNOWER_ENV_FILE).toBe(devNull);
    const leaked = Object.keys(process.env).filter((key) => /^(ANTHROPIC_|OPENAI_)/.test(key) || (key.startsWith('KNOWER_') && !['KNOWER_ENV_FILE', 'KNOWER_E2E_REPORT'].includes(key)));
    expect(leaked).toEqual([]);
  });
});
