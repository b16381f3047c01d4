import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, PATH_PROBLEMS } from '../../src/api/index.js';
import { ERROR_TABLE } from '../../src/http/error-table.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

describe('the error table', () => {
  it('gives every code of the API a status, an error one, and holds no other code', () => {
    for (const code of ERROR_CODES) expect(ERROR_TABLE[code]?.status, code).toBeGreaterThanOrEqual(400);
    for (const code of ERROR_CODES) expect(ERROR_TABLE[code].status, code).toBeLessThan(600);
    expect(Object.keys(ERROR_TABLE).sort()).toEqual([...new Set(ERROR_CODES)].sort());
  });

  it('maps the path_* family once: 403 for a path leading outside the vault, 400 for every other refused path', () => {
    const statuses = Object.fromEntries(PATH_PROBLEMS.map((problem) => [problem, ERROR_TABLE[`path_${problem}`].status]));
    expect(statuses).toEqual({ invalid: 400, empty: 400, absolute: 400, nul: 400, traversal: 400, hidden: 400, outside: 403 });
  });
});

// Five routes take a path from the person; a refused path answers alike on each of them, as the table says.
describe('a refused path answers the same on every route that takes one', () => {
  let t: TestApp;
  let elsewhere: { dir: string; cleanup: () => Promise<void> };
  beforeAll(async () => {
    elsewhere = await makeTempDir();
    t = await startTestApp({ prepare: (vault) => symlink(elsewhere.dir, path.join(vault, 'away')) });
  });
  afterAll(async () => {
    await t?.close();
    await elsewhere?.cleanup();
  });

  const asked = (rel: string) => [
    t.app.inject({ url: `/vault/file?path=${encodeURIComponent(rel)}` }),
    t.app.inject({ url: `/vault/raw?path=${encodeURIComponent(rel)}` }),
    t.app.inject({ url: `/vault/backlinks?path=${encodeURIComponent(rel)}` }),
    t.app.inject({ url: `/vault/history?path=${encodeURIComponent(rel)}` }),
    t.app.inject({ method: 'POST', url: '/forget', payload: { paths: [rel] } }),
  ];

  it.each([
    ['../notes.md', 'path_traversal'],
    ['.git/config', 'path_hidden'],
    ['/etc/passwd', 'path_absolute'],
    ['away/secret.md', 'path_outside'],
  ] as const)('%s: %s, with the table’s status', async (rel, code) => {
    const answers = await Promise.all(asked(rel));
    const status = ERROR_TABLE[code].status;
    expect(answers.map((a) => [a.statusCode, (a.json() as { error: string }).error])).toEqual(answers.map(() => [status, code]));
  });
});
