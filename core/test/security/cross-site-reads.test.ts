import { afterEach, describe, expect, it } from 'vitest';
import type { SearchEngine } from '../../src/search/index.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { listRoutes } from './hostile-fixture.js';

// What Chromium attaches to `fetch(url, {mode: 'no-cors'})` from a page of another site, and from
// a page on another port of this machine (another origin, but the same site).
const CROSS_SITE = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'empty' };
const OTHER_PORT = { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'empty' };
const THE_APP = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' };
const LINK = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', accept: 'text/html' };

const TOKEN = 'a83f1d6c0e9b27f45d8c1e0b3a6f9d27';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The app, with a search engine that counts the searches it was asked for. */
async function countingApp(env: Record<string, string> = {}): Promise<{ app: TestApp; searches: () => number }> {
  let searches = 0;
  const app = await startTestApp({
    env,
    wrapSearch: (engine: SearchEngine) => ({
      ...engine,
      search: (query) => {
        searches++;
        return engine.search(query);
      },
    }),
  });
  return { app, searches: () => searches };
}

const search = (app: TestApp['app'], headers: Record<string, string>) => app.inject({ method: 'GET', url: '/vault/search?q=garden', headers });

describe('without a token, pages of other sites cannot read', () => {
  it('a no-cors GET to /vault/search from another site or another port never reaches the search engine', async () => {
    const counted = await countingApp();
    t = counted.app;
    for (const headers of [CROSS_SITE, OTHER_PORT, { ...OTHER_PORT, origin: 'http://127.0.0.1:3000' }]) {
      const response = await search(t.app, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toMatchObject({ error: 'cross_origin' });
    }
    expect(counted.searches()).toBe(0);
    // The app itself, and a program (the CLI, MCP clients, the hooks), search as before.
    expect((await search(t.app, THE_APP)).statusCode).toBe(200);
    expect((await search(t.app, {})).statusCode).toBe(200);
    expect((await search(t.app, { 'sec-fetch-mode': 'cors' })).statusCode).toBe(200);
    expect(counted.searches()).toBe(3);
  });

  it('every route refuses a request another site makes, and a link from another site still opens the app', async () => {
    t = await startTestApp();
    for (const { method, url } of listRoutes(t.app)) {
      const response = await t.app.inject({ method: method as 'GET', url, headers: CROSS_SITE });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    const link = await t.app.inject({ method: 'GET', url: '/', headers: LINK });
    expect(link.statusCode).toBe(200);
  });
});

describe('with a token, a page on another port cannot use the session cookie its browser sends', () => {
  it('SameSite=Strict does not keep the cookie from another port of this machine: the request is refused anyway', async () => {
    const counted = await countingApp({ KNOWER_TOKEN: TOKEN });
    t = counted.app;
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:80' },
      payload: `token=${TOKEN}`,
    });
    const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
    expect((await search(t.app, { ...THE_APP, cookie })).statusCode).toBe(200);
    expect((await search(t.app, { ...OTHER_PORT, cookie })).statusCode).toBe(403);
    expect(counted.searches()).toBe(1);
    // A link from another site comes without the Strict cookie even from a signed-in browser:
    // the page it gets only loads itself again from this origin, where the cookie goes along.
    const link = await t.app.inject({ method: 'GET', url: '/', headers: LINK });
    expect(link.statusCode).toBe(200);
    expect(link.body).toContain('http-equiv="refresh"');
    expect(link.body).not.toContain('<script');
    // Loaded again from here, a signed-out browser goes to sign in; a signed-in one gets the app.
    const again = { ...LINK, 'sec-fetch-site': 'same-origin' };
    const signedOut = await t.app.inject({ method: 'GET', url: '/', headers: again });
    expect([signedOut.statusCode, signedOut.headers.location]).toEqual([303, '/login']);
    expect((await t.app.inject({ method: 'GET', url: '/', headers: { ...again, cookie } })).statusCode).not.toBe(303);
  });
});
