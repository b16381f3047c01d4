import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT_FILES, ROOT_FOLDERS } from '../../src/api/vault-layout.js';
import { REVIEW_FILE } from '../../src/inbox/index.js';
import { sourceFiles } from './import-graph.js';

const coreSrc = fileURLToPath(new URL('../../src', import.meta.url));
const webSrc = fileURLToPath(new URL('../../../apps/web/src', import.meta.url));
const OWNER = path.join('api', 'vault-layout.ts');

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A root name spelled in code: a string or template that starts with a root file's name, or with a
 * root folder's name and its slash. A folder's bare name is not looked for: 'inbox' is also an
 * update's state and a CLI verb, 'bucket' a fallback's name. Comments and prose inside a string
 * (a prompt's "e.g. projects/acme/state.md", an escaped \`tree.md\`) are not code.
 */
const spelling = (files: readonly string[]) => new RegExp(`(?<!\\\\)['\`](?:(?:${files.map(escape).join('|')})['\`/]|(?:${ROOT_FOLDERS.map(escape).join('|')})/)`, 'g');
const SPELLED = spelling(ROOT_FILES);
/** The web app spells none of them, nor the name of an inbox item's review: it takes them from GET /health. */
const SPELLED_IN_WEB = spelling([...ROOT_FILES, REVIEW_FILE]);

function spelledIn(file: string, pattern = SPELLED): string[] {
  const code = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  return code.split('\n').flatMap((line) => (line.match(pattern) ? [line.trim()] : []));
}

describe('the vault layout', () => {
  it('finds a spelled root name, and not one in prose', () => {
    expect("index.folder('projects/acme')".match(SPELLED)).toHaveLength(1);
    expect('fileOf(`tree.md`)'.match(SPELLED)).toHaveLength(1);
    expect("status === 'inbox'".match(SPELLED)).toBeNull();
    expect('describe(\'e.g. "projects/acme/state.md"\')'.match(SPELLED)).toBeNull();
  });

  it('spells the root names and the projects folder in one file of core', () => {
    const found = sourceFiles(coreSrc)
      .filter((file) => path.relative(coreSrc, file) !== OWNER)
      .flatMap((file) => spelledIn(file).map((line) => `${path.relative(coreSrc, file)}: ${line}`));
    expect(found).toEqual([]);
  });

  it('spells no vault path in the web app', () => {
    const found = sourceFiles(webSrc).flatMap((file) => spelledIn(file, SPELLED_IN_WEB).map((line) => `${path.relative(webSrc, file)}: ${line}`));
    expect(found).toEqual([]);
  });
});
