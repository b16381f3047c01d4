import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGET_LIMITS } from '../../src/api/index.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// What POST /forget refuses before anything is looked at, with the API's error shape.
describe('forget requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await t.knower.whenSettled();
  });
  afterAll(() => t?.close());

  const post = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, ...(payload && { payload }) });
  const cases: Array<[string, () => ReturnType<typeof post>, number, string, RegExp]> = [
    ['neither a text nor paths', () => post('/forget', {}), 400, 'invalid_request', /either text or paths/],
    ['both a text and paths', () => post('/forget', { text: 'a long secret', paths: ['bucket/a.md'] }), 400, 'invalid_request', /either text or paths/],
    ['a text too short to mean anything', () => post('/forget', { text: '  ab ' }), 400, 'invalid_request', new RegExp(`at least ${FORGET_LIMITS.minTextChars} characters`)],
    ['a path out of the vault', () => post('/forget', { paths: ['../etc/passwd'] }), 400, 'path_traversal', /outside|\.\./],
    ['tree.md, which Knower makes', () => post('/forget', { paths: ['tree.md'] }), 400, 'not_forgettable', /tree\.md/],
    ['a confirm with no backup waiting', () => post('/forget/confirm'), 409, 'no_backup', /no forget waits/],
    ['a restore with no backup waiting', () => post('/forget/restore'), 409, 'no_backup', /no forget waits/],
  ];

  for (const [what, send, status, error, message] of cases) {
    it(`refuses ${what}`, async () => {
      const res = await send();
      expect(res.statusCode, res.body).toBe(status);
      const body = res.json() as { error: string; message: string };
      expect(body.error).toBe(error);
      expect(body.message).toMatch(message);
    });
  }

  it('answers a forget of a text found nowhere with nothing to do, and keeps no backup', async () => {
    const res = await post('/forget', { text: 'nowhere in this vault', dry_run: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'nothing', vault: { changed: [], deleted: [] }, history: { commits: 0 }, commit: null, backup: false });
    expect((await t.app.inject('/forget')).json()).toEqual({ backup: null });
  });
});
