import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSse } from '../helpers/sse-client.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const WAIT = 30_000;

type Listing = { folders: Array<{ path: string; files: number }>; files: Array<{ path: string }> };

/**
 * `file_changed` goes out as soon as the disk changes, before the file is indexed; the folder
 * listings follow the index. `tree_changed` tells a client the listings caught up, so the web
 * tree can take its rows from the listings alone.
 */
describe('tree_changed', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  async function listen(): Promise<string> {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    return `http://127.0.0.1:${address.port}`;
  }

  /** One folder's listing; a folder with nothing left in it is not listed at all (404). */
  const listing = async (folder: string): Promise<Listing> => {
    const res = await t.app.inject(`/vault/tree?path=${encodeURIComponent(folder)}`);
    return res.statusCode === 404 ? { folders: [], files: [] } : res.json();
  };

  it('follows a new folder and a removed one, once the listing shows the change', { timeout: 120_000 }, async () => {
    t = await startTestApp();
    const base = await listen();
    await t.knower.whenSettled();
    const sse = await openSse(`${base}/sse`);
    try {
      // Each tree_changed says the index changed: the listing is checked after each one, in order.
      const untilListed = async (shows: () => Promise<boolean>) => {
        for (;;) {
          const event = await sse.next((e) => e.event === 'tree_changed', WAIT);
          expect(event.data).toEqual({ revision: expect.any(Number) });
          sse.events.splice(sse.events.indexOf(event), 1);
          if (await shows()) return;
        }
      };
      sse.events.length = 0;
      await mkdir(path.join(t.vault, 'projects', 'beta'), { recursive: true });
      await writeFile(path.join(t.vault, 'projects', 'beta', 'state.md'), '# Beta\n');
      await untilListed(async () => (await listing('projects')).folders.some((f) => f.path === 'projects/beta' && f.files === 1));
      expect((await listing('projects/beta')).files.map((f) => f.path)).toEqual(['projects/beta/state.md']);
      // Generous waits: on a loaded machine the watcher and the job take their time.
      await sse.next((e) => e.event === 'file_changed' && (e.data as { path: string }).path === 'projects/beta/state.md', WAIT);

      sse.events.length = 0;
      await rm(path.join(t.vault, 'projects', 'beta'), { recursive: true });
      await untilListed(async () => !(await listing('projects')).folders.some((f) => f.path === 'projects/beta'));
      await sse.next((e) => e.event === 'file_changed' && (e.data as { type: string }).type === 'unlink' && (e.data as { path: string }).path.startsWith('projects/beta'), WAIT);
      expect((await t.app.inject('/vault/tree?path=projects%2Fbeta')).statusCode).toBe(404);
    } finally {
      sse.close();
    }
  });
});
