import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/api/index.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// Every kind of bad input answers 400 with the API's error shape and a sentence naming the field.
describe('requests checked against the shared schemas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const long = 'x'.repeat(LIMITS.queryChars + 1);
  const cases: [string, () => Promise<{ statusCode: number; json: () => unknown }>, RegExp][] = [
    ['a search query over the limit', () => t.app.inject(`/vault/search?q=${long}`), new RegExp(`q is longer than ${LIMITS.queryChars} characters`)],
    ['a question over the same limit', () => t.app.inject({ method: 'POST', url: '/search', payload: { query: long } }), new RegExp(`query is longer than ${LIMITS.queryChars} characters`)],
    ['a scope that is no project', () => t.app.inject('/vault/search?q=a&scope=../etc'), /scope must look like "project:<name>"/],
    ['a limit over the cap', () => t.app.inject(`/vault/search?q=a&limit=${LIMITS.results + 1}`), new RegExp(`limit must be ${LIMITS.results} or less`)],
    ['a limit that is no number', () => t.app.inject('/vault/find?q=a&limit=many'), /limit must be a number/],
    ['a missing body field', () => t.app.inject({ method: 'POST', url: '/vault/restore', payload: { commit: 'abcdef1' } }), /path is missing/],
    ['an unknown body field', () => t.app.inject({ method: 'POST', url: '/search', payload: { query: 'a', extra: 1 } }), /extra/],
    ['a malformed commit id', () => t.app.inject('/history/not-a-commit'), /commit must be a commit id/],
    ['a page over the cap', () => t.app.inject(`/activity?limit=${LIMITS.page + 1}`), new RegExp(`limit must be ${LIMITS.page} or less`)],
    ['an unknown history kind', () => t.app.inject('/history?kind=update,nonsense'), /kind takes kinds among update, undo/],
  ];

  for (const [what, send, message] of cases) {
    it(`refuses ${what}`, async () => {
      const res = await send();
      expect(res.statusCode).toBe(400);
      const body = res.json() as { error: string; message: string };
      expect(Object.keys(body).sort()).toEqual(['error', 'message']);
      expect(body.error).toBe('invalid_request');
      expect(body.message).toMatch(message);
    });
  }

  it('reads numbers and defaults from the query string', async () => {
    const res = await t.app.inject('/vault/find?q=overview&limit=1');
    expect(res.statusCode).toBe(200);
    expect((res.json() as { results: unknown[] }).results).toHaveLength(1);
  });
});
