// Names set for Knower that it does not read are said, with the setting they most likely meant:
// a misspelt KNOWER_TOKEN must not leave the service open without a word. Values never appear.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findUnknownSettings, readEnvironment, unknownSettingLine } from '../../src/config/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const SECRET = 'f0e1d2c3b4a5968778695a4b3c2d1e0f';

describe('unknown settings', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let envFile: string;
  beforeEach(async () => {
    ({ dir, cleanup } = await makeTempDir('knower-unknown-'));
    envFile = path.join(dir, '.env');
  });
  afterEach(async () => {
    await cleanup();
  });

  const unknownIn = async (file: string, env: NodeJS.ProcessEnv = {}) => {
    await writeFile(envFile, file);
    return findUnknownSettings(readEnvironment({ KNOWER_ENV_FILE: envFile, ...env }));
  };

  it('names the setting a typo in .env meant, and where it is', async () => {
    const found = await unknownIn([`KNOWR_TOKEN=${SECRET}`, 'KNOWER_TOKN=x', 'VAULT_PAHT=./notes', 'knower_model=m', 'KNOWER_PORT=9000', 'KNOWER_EMBED_INTERVAL=60'].join('\n'));
    expect(found.map((u) => [u.name, u.nearest])).toEqual([
      ['KNOWR_TOKEN', 'KNOWER_TOKEN'],
      ['KNOWER_TOKN', 'KNOWER_TOKEN'],
      ['VAULT_PAHT', 'VAULT_PATH'],
      ['knower_model', 'KNOWER_MODEL'],
      ['KNOWER_PORT', 'PORT'],
      ['KNOWER_EMBED_INTERVAL', 'KNOWER_EMBED_INTERVAL_S'],
    ]);
    expect(new Set(found.map((u) => u.where))).toEqual(new Set([envFile]));
  });

  it('says the line with the name and the setting meant, never the value', async () => {
    const [found] = await unknownIn(`KNOWR_TOKEN=${SECRET}\n`);
    if (!found) throw new Error('KNOWR_TOKEN was not found');
    const line = unknownSettingLine(found);
    expect(line).toBe(`KNOWR_TOKEN (set in ${envFile}) is not a Knower setting: did you mean KNOWER_TOKEN? It is ignored.`);
    expect(line).not.toContain(SECRET);
  });

  it('says an unknown KNOWER_ name even when nothing is near it', async () => {
    const found = await unknownIn('KNOWER_COLOUR_SCHEME=dark\n');
    expect(found).toEqual([{ name: 'KNOWER_COLOUR_SCHEME', where: envFile }]);
    expect(unknownSettingLine(found[0]!)).toBe(`KNOWER_COLOUR_SCHEME (set in ${envFile}) is not a Knower setting and is ignored (.env.example lists them all).`);
  });

  it('looks at the environment too, and says so', async () => {
    const found = await unknownIn('', { KNOWR_TOKEN: SECRET });
    expect(found).toEqual([{ name: 'KNOWR_TOKEN', where: 'the environment', nearest: 'KNOWER_TOKEN' }]);
  });

  it("leaves alone Knower's settings and other programs' variables", async () => {
    const file = ['KNOWER_TOKEN=x', 'VAULT_PATH=./v', 'PORT=1', 'KNOWER_URL=http://127.0.0.1:8000', 'KNOWER_NATIVE=required', 'COMPOSE_PROJECT_NAME=k'].join('\n');
    const shell = {
      PATH: '/usr/bin',
      HOME: '/home/me',
      HOSTNAME: 'box',
      TERM: 'xterm',
      USER: 'me',
      PWD: '/',
      LANG: 'C',
      SHELL: '/bin/bash',
      TMPDIR: '/tmp',
      VAULT_ADDR: 'https://vault.example',
      VAULT_TOKEN: 'hvs.x',
      OPENAI_API_BASE: 'x',
      OLLAMA_HOST: 'x',
      NODE_ENV: 'production',
      NODE_OPTIONS: '',
      HF_TOKEN: 'x',
      CHROMIUM_PATH: '/usr/bin/chromium',
      MALLOC_ARENA_MAX: '2',
    };
    expect(await unknownIn(file, shell)).toEqual([]);
  });
});
