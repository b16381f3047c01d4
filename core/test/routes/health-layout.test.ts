import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthSchema, inboxItemSchema } from '../../src/api/index.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// The web app spells no vault path: it finds the inbox, and an item's review among its files, by what /health says.
describe('GET /health names where the inbox lies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      prepare: async (vault) => {
        await mkdir(path.join(vault, 'inbox', 'u1'), { recursive: true });
        await writeFile(path.join(vault, 'inbox', 'u1', 'review.md'), '---\ntitle: Which project?\n---\nWhere does this go?\n');
        await writeFile(path.join(vault, 'inbox', 'u1', 'photo.png'), 'png');
      },
    });
  });
  afterAll(() => t?.close());

  it('the folder an item lies in, and the name of the file that holds its question', async () => {
    const { layout } = healthSchema.parse((await t.app.inject('/health')).json()).vault;
    const item = inboxItemSchema.parse((await t.app.inject('/inbox/u1')).json());
    expect(item.files.filter((file) => file.startsWith(`${layout.inbox}/`))).toEqual(item.files);
    expect(item.files.filter((file) => path.posix.basename(file) === layout.review)).toEqual([`${layout.inbox}/u1/${layout.review}`]);
  });
});
