import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/security/index.js';
import { listRoutes, startHostileApp, type HostileApp } from './hostile-fixture.js';

const TOKEN = 'test-token-3f9a2c71d04e8b56';
const PUBLIC = new Set(['GET /login', 'HEAD /login', 'POST /login']);
/** Each probe from its own address: wrong tokens from one address make it wait sooner (sign-in-throttle). */
let probe = 0;
const nextAddress = () => `10.9.${Math.floor(++probe / 250) % 250}.${(probe % 250) + 1}`;
let t: HostileApp;
let base: string;

beforeAll(async () => {
  t = await startHostileApp({ KNOWER_TOKEN: TOKEN });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** Every registered route (plus an unknown one), /sse aside: its stream never ends under inject. */
function protectedRoutes() {
  const routes = [...listRoutes(t.app), { method: 'GET', url: '/no-such-route' }, { method: 'POST', url: '/no-such-route' }];
  return routes.filter((r) => !PUBLIC.has(`${r.method} ${r.url}`));
}

const inject = (method: string, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: method as 'GET',
    url,
    remoteAddress: nextAddress(),
    headers: { accept: 'application/json', ...headers },
    ...(['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) ? { payload: {} } : {}),
  });

describe('with KNOWER_TOKEN set', () => {
  it('covers the routes that matter (the route listing is parsed correctly)', () => {
    const all = listRoutes(t.app).map((r) => `${r.method} ${r.url}`);
    expect(all).toEqual(
      expect.arrayContaining(['GET /health', 'GET /sse', 'POST /mcp', 'POST /update', 'POST /share', 'POST /logout', 'GET /updates/x', 'GET /inbox/x', 'GET /vault/file', 'GET /', ...PUBLIC]),
    );
  });

  // Before the sweep below: its wrong tokens use up the budget for all addresses for a minute.
  it('signs a browser in with a cookie that is not the token, and the cookie opens every route', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' };
    const refused = await t.app.inject({ method: 'POST', url: '/login', remoteAddress: nextAddress(), headers: form, payload: 'token=not-it' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect(refused.body).toContain('That is not the token');

    const crossSite = await t.app.inject({ method: 'POST', url: '/login', headers: { ...form, origin: 'http://elsewhere.example' }, payload: `token=${TOKEN}` });
    expect(crossSite.statusCode).toBe(403);

    const ok = await t.app.inject({ method: 'POST', url: '/login', remoteAddress: nextAddress(), headers: form, payload: `token=${encodeURIComponent(TOKEN)}` });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/');
    const setCookie = String(ok.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43}; Path=/; HttpOnly; SameSite=Strict; Max-Age=\\d+$`));
    expect(setCookie).not.toContain(TOKEN);
    const cookie = setCookie.split(';')[0]!;

    for (const { method, url } of protectedRoutes()) {
      // /logout would end the session the rest of the loop uses (it has its own test).
      if (url === '/sse' || url === '/logout') continue;
      expect((await inject(method, url, { cookie })).statusCode, `${method} ${url}`).not.toBe(401);
    }
    expect((await inject('GET', '/vault/tree', { cookie: `other=1; ${cookie}; x=y` })).statusCode).toBe(200);
    // EventSource cannot send headers: the cookie is what carries the web app's stream.
    const sse = await fetch(`${base}/sse`, { headers: { cookie }, signal: AbortSignal.timeout(5000) });
    expect(sse.status).toBe(200);
    await sse.body?.cancel();
  });

  it('every route answers 401 without the token or with a wrong one', async () => {
    const wrong: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer wrong-token-0000000000' },
      { authorization: `Bearer ${TOKEN.toUpperCase()}` },
      { authorization: `Basic ${TOKEN}` },
      { authorization: TOKEN },
      { cookie: `${SESSION_COOKIE}=${TOKEN}` },
      { cookie: `${SESSION_COOKIE}=forged` },
    ];
    for (const { method, url } of protectedRoutes()) {
      for (const headers of wrong) {
        const response = await inject(method, url, headers);
        const what = `${method} ${url} ${JSON.stringify(headers)}`;
        // Wrong Bearer tokens past the budget for all addresses (a minute's worth) wait instead.
        if (response.statusCode === 429 && headers.authorization?.startsWith('Bearer ')) {
          if (method !== 'HEAD') expect(response.json(), what).toMatchObject({ error: 'too_many_wrong_tokens' });
          continue;
        }
        expect(response.statusCode, what).toBe(401);
        if (method !== 'HEAD') expect(response.json()).toMatchObject({ error: 'unauthorized' });
      }
    }
    const sse = await fetch(`${base}/sse`, { headers: { accept: 'text/event-stream' } });
    expect(sse.status).toBe(401);
  });

  it('with the Bearer token, every route passes the gate', async () => {
    for (const { method, url } of protectedRoutes()) {
      if (url === '/sse') continue;
      const response = await inject(method, url, { authorization: `Bearer ${TOKEN}` });
      expect(response.statusCode, `${method} ${url}`).not.toBe(401);
      expect(response.statusCode, `${method} ${url}`).not.toBe(403);
    }
    const sse = await fetch(`${base}/sse`, { headers: { authorization: `Bearer ${TOKEN}` }, signal: AbortSignal.timeout(5000) });
    expect(sse.status).toBe(200);
    await sse.body?.cancel();
  });

  it('sends a browser opening the app to the sign-in page', async () => {
    const response = await inject('GET', '/', { accept: 'text/html,application/xhtml+xml' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/login');
    const page = await inject('GET', '/login', { accept: 'text/html' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post" action="/login">');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).not.toMatch(/<script|<link|src=/);
  });

  it('keeps the sign-in form small and refuses other body types there', async () => {
    const big = await t.app.inject({ method: 'POST', url: '/login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `token=${'a'.repeat(20_000)}` });
    expect(big.statusCode).toBe(413);
    const plain = await t.app.inject({ method: 'POST', url: '/login', headers: { 'content-type': 'text/plain' }, payload: TOKEN });
    expect(plain.statusCode).toBe(415);
  });
});
