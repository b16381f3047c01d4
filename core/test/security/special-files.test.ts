import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTool } from '../../src/vault-tools/read.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** Settles with the value, or with 'hung' when the call has not answered in time. */
const inTime = <T>(promise: Promise<T>, ms = 5000): Promise<T | 'hung'> => Promise.race([promise, new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), ms))]);

/**
 * Only regular files are opened: a FIFO named like a note would block whoever opens it for
 * reading until something writes to it (a request, an agent's run, a thread of the pool).
 */
describe('special files in the vault', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      prepare: async (vault) => {
        execFileSync('mkfifo', [path.join(vault, 'pipe.md')]);
      },
    });
    await t.knower.whenSettled();
  });
  afterAll(() => t.close());

  it('GET /vault/file and /vault/raw answer 404 at once', async () => {
    for (const url of ['/vault/file?path=pipe.md', '/vault/raw?path=pipe.md']) {
      const response = await inTime(t.app.inject({ method: 'GET', url }));
      expect(response, url).not.toBe('hung');
      expect(response !== 'hung' && response.statusCode, url).toBe(404);
    }
  });

  it('the read tool of the agents and MCP refuses it at once', async () => {
    const result = await inTime(readTool.run({ path: 'pipe.md' }, { root: t.knower.root, index: t.knower.index, search: t.knower.search }));
    expect(result).not.toBe('hung');
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/^pipe\.md /) });
  });
});
