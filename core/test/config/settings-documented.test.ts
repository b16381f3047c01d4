// Every setting the config module reads is explained in .env.example, and nothing there or in the
// README's settings table is a setting Knower does not read.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_SETTINGS, ConfigError, loadConfig, SERVICE_SETTINGS } from '../../src/config/index.js';
import { repoRoot } from '../../src/config/paths.js';

const settings = new Set([...SERVICE_SETTINGS, ...CLI_SETTINGS]);
const example = readFileSync(path.join(repoRoot, '.env.example'), 'utf8');
/** `KEY=` at the start of a line, commented out or not. */
const exampleKeys = [...example.matchAll(/^(?:#\s*)?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1] ?? '');

describe('.env.example', () => {
  it('lists every setting', () => {
    expect([...settings].filter((key) => !exampleKeys.includes(key))).toEqual([]);
  });

  it('lists nothing that is not a setting, and each once', () => {
    expect(exampleKeys.filter((key) => !settings.has(key))).toEqual([]);
    expect(exampleKeys.filter((key, i) => exampleKeys.indexOf(key) !== i)).toEqual([]);
  });

  it('holds values the service accepts as they are written there, uncommented', () => {
    const values = Object.fromEntries([...example.matchAll(/^#\s*([A-Z][A-Z0-9_]*)=(\S+)$/gm)].map((m) => [m[1], m[2]]));
    delete values.KNOWER_ENV_FILE;
    expect(() => loadConfig({ ...values, KNOWER_PROVIDER: 'offline' }, repoRoot)).not.toThrow();
  });
});

describe("the README's settings table", () => {
  it('names only settings Knower reads', () => {
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1));
    const rows = [...section.matchAll(/^\| (`[A-Z][^|]*)\|/gm)].flatMap((m) => [...(m[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((k) => k[1] ?? ''));
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((key) => !settings.has(key))).toEqual([]);
  });
});

describe('NODE_LLAMA_CPP_GPU', () => {
  it.each(['auto', 'cuda', 'vulkan', 'metal', 'false', 'off'])('accepts %s', (value) => {
    expect(loadConfig({ NODE_LLAMA_CPP_GPU: value }, repoRoot).llamaGpu).toBe(value);
  });

  it('refuses anything else, naming it', () => {
    expect(() => loadConfig({ NODE_LLAMA_CPP_GPU: 'yes' }, repoRoot)).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_LLAMA_CPP_GPU: 'yes' }, repoRoot)).toThrow('NODE_LLAMA_CPP_GPU="yes": must be auto, cuda, vulkan, metal or false (off)');
  });
});
