import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/temp-dir.js';
import { CANARY, snapshot, startHostileApp, type HostileApp } from './hostile-fixture.js';

/**
 * Symlinks the user (or a sync tool, or a git checkout) left in the vault that point outside
 * it. Nothing may read through them into a response or into the vault, or write through them.
 * Each test gets a fresh app: a failure here can delete the canaries.
 */
let t: HostileApp;
let outsideBefore: Record<string, string>;
beforeEach(async () => {
  t = await startHostileApp();
  outsideBefore = await snapshot(t.outside);
});
afterEach(async () => {
  expect(await snapshot(t.outside), 'files outside the vault changed').toEqual(outsideBefore);
  await t.close();
});

describe('symlinks planted in the vault', () => {
  it('a note symlinked outside stays a symlink: its target is never copied into the vault or served', async () => {
    const alias = path.join(t.vault, 'projects', 'acme', 'alias.md');
    expect((await lstat(alias)).isSymbolicLink(), 'the background job replaced the symlink with a copy of its target').toBe(true);
    for (const url of ['/vault/file?path=projects/acme/alias.md', '/vault/raw?path=projects/acme/alias.md', `/vault/search?q=${CANARY}`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain(CANARY);
    }
    // Asked for a word of the outside file (the answer echoes the question, so not the canary).
    const answer = await t.app.inject({ method: 'POST', url: '/search', payload: { query: 'Secret' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).not.toContain(CANARY);
  });

  it('GET /inbox/:id refuses an inbox item whose folder is a symlink to outside', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/inbox/linked-item' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain(CANARY);
  });

  it('GET /inbox and /inbox/:id never read a file of an item that leads outside', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/inbox' });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(CANARY);
    expect((list.json() as { items: Array<{ id: string }> }).items.map((i) => i.id)).toEqual(['real-item']);
    const item = await t.app.inject({ method: 'GET', url: '/inbox/real-item' });
    expect(item.statusCode).toBe(200);
    expect(item.json()).toMatchObject({ files: ['inbox/real-item/review.md'] });
    expect(item.body).not.toContain(CANARY);
    const planted = await t.app.inject({ method: 'GET', url: '/inbox/planted-item' });
    expect(planted.statusCode).toBe(404);
    expect(planted.body).not.toContain(CANARY);
  });

  it('a reply to an item with a symlink out files the item, and nothing from outside', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/update', payload: { text: 'acme', inbox_ref: 'real-item' } });
    expect(response.statusCode).toBe(202);
    const id = (response.json() as { id: string }).id;
    await waitFor(() => ['done', 'inbox', 'failed'].includes(t.knower.queue.get(id)?.status ?? ''), 10_000, 'the reply to run');
    await t.knower.whenSettled();
    expect(t.knower.queue.get(id)?.status).toBe('done');
    const tree = await t.app.inject({ method: 'GET', url: '/vault/tree' });
    for (const { path: rel } of (tree.json() as { files: Array<{ path: string }> }).files.filter((f) => f.path.startsWith('bucket/'))) {
      const file = await t.app.inject({ method: 'GET', url: `/vault/raw?path=${encodeURIComponent(rel)}` });
      expect(file.body, rel).not.toContain(CANARY);
    }
  });

  it('a reply to an inbox item symlinked outside is refused and reads or deletes nothing outside', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/update', payload: { text: 'file it', inbox_ref: 'linked-item' } });
    if (response.statusCode === 202) {
      const id = (response.json() as { id: string }).id;
      await waitFor(() => ['done', 'inbox', 'failed'].includes(t.knower.queue.get(id)?.status ?? ''), 10_000, 'the reply to run');
      await t.knower.whenSettled();
    }
    expect(response.statusCode, 'the reply was accepted').toBe(404);
  });
});
