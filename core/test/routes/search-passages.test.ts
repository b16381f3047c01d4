import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, searchHitsSchema } from '../../src/api/index.js';
import { waitFor } from '../helpers/temp-dir.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const HANDBOOK = [
  '# Handbook',
  '',
  '## Travel',
  '',
  'Book trains two weeks ahead.',
  '',
  '## Expenses',
  '',
  'Receipts go to finance within a month.',
  '',
  '## Leave',
  '',
  'Ask your lead before booking leave.',
  '',
].join('\n');

// GET /vault/search through the real index: each hit names its passage, and with `context` brings
// its text; the answer keeps the contract the web app and the CLI parse it with.
describe('GET /vault/search: passages and context', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      search: 'qmd',
      prepare: async (vault) => {
        await mkdir(path.join(vault, 'team'), { recursive: true });
        await writeFile(path.join(vault, 'team/handbook.md'), HANDBOOK);
      },
    });
    await t.knower.whenSettled();
    await waitFor(async () => (await t.app.inject('/vault/search?q=receipts')).json().results?.length > 0, 30_000, 'the handbook in search');
  }, 60_000);
  afterAll(() => t?.close());

  it('names the passage of each hit; with context, its text and neighbours, in the declared schema', async () => {
    const plain = await t.app.inject('/vault/search?q=receipts%20finance');
    expect(plain.statusCode).toBe(200);
    expect(searchHitsSchema.parse(plain.json()).results[0]).toMatchObject({ path: 'team/handbook.md', passage: { headings: ['Handbook', 'Expenses'], from: 7, to: 9 } });
    expect(plain.json().results[0].text).toBeUndefined();

    const res = await t.app.inject('/vault/search?q=receipts%20finance&context=1');
    expect(res.statusCode).toBe(200);
    const hit = searchHitsSchema.parse(res.json()).results[0]!;
    expect(hit.text).toBe(HANDBOOK.split('\n').slice(2, 13).join('\n'));
    expect(hit.textSpan).toEqual({ from: 3, to: 13, of: 'lines', cut: false });
  });

  it(`refuses a context over ${LIMITS.contextPassages}, naming the field`, async () => {
    const res = await t.app.inject(`/vault/search?q=receipts&context=${LIMITS.contextPassages + 1}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_request', message: expect.stringMatching(/context must be 5 or less/) });
  });
});
