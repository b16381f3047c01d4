import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, estimateTokenBits, loadConfig } from '../../src/config/index.js';
import { checkedSerializer } from '../../src/http/index.js';
import { createSessionStore, createSignInThrottle, securityPlugin, SESSION_COOKIE, SESSION_MAX_AGE_S, type SignInThrottle } from '../../src/security/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const TOKEN = 'f3a91c07d25e48b6a0c4e7d19b82f5c3';
const DAY = 24 * 3600 * 1000;

/** The security plugin alone, over one route, on a clock the test moves (requests and answers checked as the app checks them). */
async function guardedApp(opts: { stateDir?: string; token?: string; now: { ms: number } }): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(checkedSerializer);
  await app.register(securityPlugin, { token: opts.token ?? TOKEN, host: '127.0.0.1', allowedHosts: [], clock: () => opts.now.ms, ...(opts.stateDir ? { stateDir: opts.stateDir } : {}) });
  app.get('/secret', async () => ({ ok: true }));
  await app.ready();
  return app;
}

const form = { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' };
const signIn = (app: FastifyInstance, token: string, remoteAddress = '192.0.2.1') =>
  app.inject({ method: 'POST', url: '/login', remoteAddress, headers: form, payload: `token=${encodeURIComponent(token)}` });
const cookieOf = (response: { headers: Record<string, unknown> }) => String(response.headers['set-cookie']).split(';')[0]!;
const get = (app: FastifyInstance, headers: Record<string, string>, remoteAddress = '192.0.2.1') =>
  app.inject({ method: 'GET', url: '/secret', remoteAddress, headers: { accept: 'application/json', ...headers } });

describe('tokens too easy to guess are refused at start', () => {
  it.each([
    ['aaaaaaaaaaaaaaaa', 'one character repeated'],
    ['abcdefghijklmnop', 'an alphabet run'],
    ['0123456789012345', 'a digit run'],
    ['knowerknowerknower', 'a word said thrice'],
    ['password12345678', 'a word and a run'],
    ['short', 'too short'],
  ])('%s (%s): the message says why and never shows the token', (token) => {
    let message = '';
    try {
      loadConfig({ KNOWER_TOKEN: token });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    expect(message).toMatch(/KNOWER_TOKEN \(value not shown\): (is too easy to guess|is \d+ characters long)/);
    expect(message).toContain('openssl rand -hex 32');
    expect(message).not.toContain(token);
  });

  it('accepts random tokens, the one the README suggests included', () => {
    for (const token of [TOKEN, 'test-token-3f9a2c71d04e8b56', 'pKjEsMqSXNiZ8wxnzum4s80jWgxxEpmw', 'Zq7-vN2x_Lm9RtB4']) {
      expect(loadConfig({ KNOWER_TOKEN: token }).token).toBe(token);
    }
    expect(estimateTokenBits('aaaaaaaaaaaaaaaa')).toBe(0);
    expect(estimateTokenBits(TOKEN)).toBeGreaterThan(100);
  });

  it('whatever the value, the error names the setting and never shows it', () => {
    const weak = 'my-secret-aaaaaaaaaaaaaaaaaaaaaaa';
    expect(() => loadConfig({ KNOWER_TOKEN: weak })).toThrow(/KNOWER_TOKEN \(value not shown\): is too easy to guess/);
    expect(() => loadConfig({ KNOWER_TOKEN: weak })).not.toThrow(/my-secret/);
  });
});

describe('sessions', () => {
  let temp: { dir: string; cleanup: () => Promise<void> };
  beforeEach(async () => {
    temp = await makeTempDir();
  });
  afterEach(() => temp.cleanup());

  it('each sign-in opens its own random session; the cookie is not derived from the token', async () => {
    const now = { ms: Date.UTC(2026, 0, 1) };
    const app = await guardedApp({ now });
    const a = cookieOf(await signIn(app, TOKEN));
    const b = cookieOf(await signIn(app, TOKEN));
    expect(a).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43}$`));
    expect(a).not.toBe(b);
    expect((await get(app, { cookie: a })).statusCode).toBe(200);
    expect((await get(app, { cookie: b })).statusCode).toBe(200);
    // The same token on another instance (another process) does not make the same cookie valid.
    const other = await guardedApp({ now });
    expect((await get(other, { cookie: a })).statusCode).toBe(401);
    await app.close();
    await other.close();
  });

  it('expire on the server after SESSION_MAX_AGE_S, whatever the browser keeps', async () => {
    const now = { ms: Date.UTC(2026, 0, 1) };
    const app = await guardedApp({ now });
    const cookie = cookieOf(await signIn(app, TOKEN));
    now.ms += SESSION_MAX_AGE_S * 1000 - 1000;
    expect((await get(app, { cookie })).statusCode).toBe(200);
    now.ms += 2000;
    expect((await get(app, { cookie })).statusCode).toBe(401);
    await app.close();
  });

  it('a signed-out browser is sent to the sign-in page, a form posted as a navigation included; a program gets JSON', async () => {
    const now = { ms: Date.UTC(2026, 0, 1) };
    const app = await guardedApp({ now });
    const page = await app.inject({ method: 'GET', url: '/secret', headers: { accept: 'text/html' } });
    expect([page.statusCode, page.headers.location]).toEqual([303, '/login']);
    const launch = await app.inject({ method: 'POST', url: '/share', headers: { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', accept: 'text/html' } });
    expect([launch.statusCode, launch.headers.location]).toEqual([303, '/login']);
    const program = await app.inject({ method: 'POST', url: '/secret', headers: { accept: 'application/json' } });
    expect(program.statusCode).toBe(401);
    expect(program.json()).toMatchObject({ error: 'unauthorized' });
    await app.close();
  });

  it('a page load another site started is loaded again from here, where the SameSite=Strict cookie goes along; from here it signs in', async () => {
    const now = { ms: Date.UTC(2026, 0, 1) };
    const app = await guardedApp({ now });
    const cookie = cookieOf(await signIn(app, TOKEN));
    const load = (site: string, extra: Record<string, string> = {}) =>
      app.inject({
        method: 'GET',
        url: '/secret?url=https%3A%2F%2Fa.example%2F',
        remoteAddress: '192.0.2.1',
        headers: { accept: 'text/html', 'sec-fetch-site': site, 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', ...extra },
      });
    // A link or the bookmarklet on another site: the browser leaves the cookie out.
    const fromElsewhere = await load('cross-site');
    expect(fromElsewhere.statusCode).toBe(200);
    expect(fromElsewhere.body).toContain('<meta http-equiv="refresh" content="0">');
    expect(fromElsewhere.body).not.toMatch(/<script|ok/);
    expect(fromElsewhere.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(fromElsewhere.headers['cache-control']).toBe('no-store');
    // Loaded again by that page, it is this origin's own load: with the cookie it passes, without it signs in.
    expect((await load('same-origin', { cookie })).json()).toEqual({ ok: true });
    const signedOut = await load('same-origin');
    expect([signedOut.statusCode, signedOut.headers.location]).toEqual([303, '/login']);
    await app.close();
  });

  it('sign-out ends the session on the server', async () => {
    const now = { ms: Date.UTC(2026, 0, 1) };
    const app = await guardedApp({ now });
    const cookie = cookieOf(await signIn(app, TOKEN));
    const out = await app.inject({ method: 'POST', url: '/logout', remoteAddress: '192.0.2.1', headers: { cookie, origin: 'http://localhost' } });
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('/login');
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
    expect((await get(app, { cookie })).statusCode).toBe(401);
    await app.close();
  });

  it('survive a restart (hashes only on disk), and end when KNOWER_TOKEN changes', async () => {
    const now = { ms: Date.UTC(2026, 0, 1) };
    const first = await guardedApp({ now, stateDir: temp.dir });
    const cookie = cookieOf(await signIn(first, TOKEN));
    await first.close();
    const saved = await readFile(path.join(temp.dir, 'sessions.json'), 'utf8');
    expect(saved).not.toContain(cookie.split('=')[1]);
    expect(saved).not.toContain(TOKEN);

    const restarted = await guardedApp({ now, stateDir: temp.dir });
    expect((await get(restarted, { cookie })).statusCode).toBe(200);
    await restarted.close();
    const newToken = await guardedApp({ now, stateDir: temp.dir, token: 'b7e20d9c4f1a63e85d0c2b9a7f4e1d36' });
    expect((await get(newToken, { cookie })).statusCode).toBe(401);
    await newToken.close();
  });

  it('the store keeps a bounded number of sessions, oldest dropped first', () => {
    const now = { ms: 0 };
    const store = createSessionStore({ token: TOKEN, clock: () => now.ms });
    const first = store.create();
    const ids = Array.from({ length: 250 }, () => store.create());
    expect(store.valid(first)).toBe(false);
    expect(store.valid(ids.at(-1)!)).toBe(true);
    expect(store.valid('forged')).toBe(false);
    now.ms += 31 * DAY;
    expect(store.valid(ids.at(-1)!)).toBe(false);
  });
});

describe('backoff after wrong tokens', () => {
  /** What each wrong token became: 0 counted (401), else how long it was told to wait (429). */
  const waits = (throttle: SignInThrottle, client: string, times: number) => Array.from({ length: times }, () => throttle.wrongToken(client)).map((v) => (v.counted ? 0 : v.waitMs));

  it('the throttle forgives a few typos, then doubles the wait up to a cap, and forgets after an hour', () => {
    const now = { ms: 0 };
    const throttle = createSignInThrottle(() => now.ms);
    expect(waits(throttle, 'a', 7)).toEqual([0, 0, 0, 0, 0, 0, 1000]);
    now.ms += 1000;
    expect(waits(throttle, 'a', 2)).toEqual([0, 2000]);
    for (let i = 0; i < 20; i++) {
      now.ms += 5 * 60_000;
      throttle.wrongToken('a');
    }
    expect(throttle.wrongToken('a')).toEqual({ counted: false, waitMs: 5 * 60_000, scope: 'client' });
    expect(throttle.wrongToken('b')).toEqual({ counted: true });
    now.ms += 61 * 60_000;
    expect(waits(throttle, 'a', 6)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('past 60 wrong tokens a minute from all addresses together, wrong tokens wait until the minute has passed', () => {
    const now = { ms: 0 };
    const throttle = createSignInThrottle(() => now.ms);
    for (let i = 0; i < 60; i++) {
      expect(throttle.wrongToken(`10.0.0.${i}`)).toEqual({ counted: true });
      now.ms += 500;
    }
    // Each address sent one: none of them is waiting on its own account.
    expect(throttle.wrongToken('10.0.1.1')).toEqual({ counted: false, waitMs: 30_000, scope: 'everyone' });
    now.ms += 30_000;
    expect(throttle.wrongToken('10.0.1.1')).toEqual({ counted: true });
    expect(throttle.wrongToken('10.0.1.2')).toMatchObject({ counted: false, scope: 'everyone' });
  });

  it('200 wrong tries in a burst at the sign-in form: six are counted, the rest wait; the right token signs in mid-wait', async () => {
    const now = { ms: Date.UTC(2026, 0, 1) };
    const app = await guardedApp({ now });
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) statuses.push((await signIn(app, `wrong-guess-${i}-0000000000`)).statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(6);
    expect(statuses.filter((s) => s === 429)).toHaveLength(194);
    const waiting = await signIn(app, 'wrong-again-000000000000');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
    expect(waiting.body).toContain('Too many wrong tokens from this device');
    // The same device, during its wait: the right token is never what is slowed.
    const right = await signIn(app, TOKEN);
    expect([right.statusCode, right.headers.location]).toEqual([303, '/']);
    expect((await signIn(app, TOKEN, '192.0.2.2')).statusCode).toBe(303);
    now.ms += 1000;
    expect((await signIn(app, 'wrong-again-000000000000')).statusCode).toBe(401);
    await app.close();
  });

  it('wrong Bearer tokens count the same, and the right one passes from the same address mid-wait; a missing one is no guess', async () => {
    const now = { ms: Date.UTC(2026, 0, 1) };
    const app = await guardedApp({ now });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await get(app, { authorization: `Bearer guess-${i}-000000000000` })).statusCode);
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(new Set(statuses.slice(6))).toEqual(new Set([429]));
    const waiting = await get(app, { authorization: 'Bearer guess-again-000000000000' });
    expect(waiting.json()).toMatchObject({ error: 'too_many_wrong_tokens' });
    expect((await get(app, { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
    // No credentials at all (a signed-out browser's assets, its event stream) is not a guess.
    for (let i = 0; i < 20; i++) expect((await get(app, {}, '192.0.2.3')).statusCode).toBe(401);
    expect((await get(app, { authorization: 'Bearer guess-000000000000' }, '192.0.2.3')).statusCode).toBe(401);
    await app.close();
  });

  it('past the budget for all addresses, wrong tokens from a new address wait too, and the right one still passes there', async () => {
    const now = { ms: Date.UTC(2026, 0, 1) };
    const app = await guardedApp({ now });
    for (let i = 0; i < 60; i++) expect((await get(app, { authorization: 'Bearer guess-000000000000' }, `198.51.100.${i + 1}`)).statusCode).toBe(401);
    const slowed = await get(app, { authorization: 'Bearer guess-000000000000' }, '203.0.113.9');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toMatch(/^too many wrong tokens from all devices in the last minute: try again in 60 seconds/);
    expect((await signIn(app, 'wrong-guess-0000000000', '203.0.113.9')).body).toContain('Too many wrong tokens from all devices in the last minute');
    expect((await get(app, { authorization: `Bearer ${TOKEN}` }, '203.0.113.9')).statusCode).toBe(200);
    expect((await signIn(app, TOKEN, '203.0.113.9')).statusCode).toBe(303);
    await app.close();
  });
});
