import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// The README's setup for a phone: an HTTPS reverse proxy on this machine in front of Knower. Every
// request then comes from the proxy's address; the client's own is in X-Forwarded-For.

const TOKEN = 'e41b7c09d2f5a86e3c0d9b7a1f4e2c58';
const PROXY = '127.0.0.1';
const ATTACKER = '203.0.113.7';
const OWNER_PHONE = '198.51.100.23';
/** The proxy's public name: it passes the Host on, and the browser's Origin names it. */
const PUBLIC_NAME = 'knower.example.com';
const env = { KNOWER_TOKEN: TOKEN, KNOWER_TRUSTED_PROXY: PROXY, KNOWER_ALLOWED_HOSTS: PUBLIC_NAME };

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A request as the proxy forwards it: the proxy appends the address the request came from. */
const viaProxy = (app: TestApp['app'], client: string, authorization: string, spoofed?: string) =>
  app.inject({
    method: 'GET',
    url: '/vault/tree',
    remoteAddress: PROXY,
    headers: { host: PUBLIC_NAME, accept: 'application/json', authorization, 'x-forwarded-for': spoofed ? `${spoofed}, ${client}` : client, 'x-forwarded-proto': 'https' },
  });
/** A sign-in at the form, through the proxy. */
const signInViaProxy = (app: TestApp['app'], client: string, token: string) =>
  app.inject({
    method: 'POST',
    url: '/login',
    remoteAddress: PROXY,
    headers: { host: PUBLIC_NAME, 'content-type': 'application/x-www-form-urlencoded', origin: `https://${PUBLIC_NAME}`, 'x-forwarded-for': client, 'x-forwarded-proto': 'https' },
    payload: `token=${encodeURIComponent(token)}`,
  });
const wrong = (i: number) => `Bearer guess-${i}-0000000000000000`;

describe('a lock-out attempt through the reverse proxy (KNOWER_TRUSTED_PROXY set)', () => {
  it('wrong tokens from one client slow neither another client nor the owner, and the right token passes even from the attacker mid-wait', async () => {
    t = await startTestApp({ env });
    const attacker: number[] = [];
    for (let i = 0; i < 30; i++) attacker.push((await viaProxy(t.app, ATTACKER, wrong(i))).statusCode);
    expect(attacker.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(new Set(attacker.slice(6))).toEqual(new Set([429]));

    // Another client through the same proxy: its typo is counted as its own, not slowed.
    expect((await viaProxy(t.app, OWNER_PHONE, wrong(99))).statusCode).toBe(401);
    // The owner's phone, and the owner's CLI on this machine (no proxy, the proxy's own address).
    expect((await viaProxy(t.app, OWNER_PHONE, `Bearer ${TOKEN}`)).statusCode).toBe(200);
    const cli = await t.app.inject({ method: 'GET', url: '/vault/tree', remoteAddress: PROXY, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(cli.statusCode).toBe(200);
    // The attacker's own address, mid-wait: the right token is never refused.
    expect((await viaProxy(t.app, ATTACKER, wrong(100))).statusCode).toBe(429);
    expect((await viaProxy(t.app, ATTACKER, `Bearer ${TOKEN}`)).statusCode).toBe(200);
    const signIn = await signInViaProxy(t.app, ATTACKER, TOKEN);
    expect(signIn.statusCode).toBe(303);
    // The proxy said the browser came over HTTPS: the session cookie is kept to HTTPS.
    expect(String(signIn.headers['set-cookie'])).toContain('; Secure');
  });

  it('an address a client writes into X-Forwarded-For itself is never believed: the proxy appends the real one, and without the setting the header counts for nothing', async () => {
    t = await startTestApp({ env });
    for (let i = 0; i < 10; i++) await viaProxy(t.app, ATTACKER, wrong(i), OWNER_PHONE);
    expect((await viaProxy(t.app, ATTACKER, wrong(10), OWNER_PHONE)).statusCode).toBe(429);
    expect((await viaProxy(t.app, OWNER_PHONE, wrong(11))).statusCode).toBe(401);
    await t.close();

    // No KNOWER_TRUSTED_PROXY: a client cannot leave its wait by naming another address.
    t = await startTestApp({ env: { KNOWER_TOKEN: TOKEN } });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await t.app.inject({ method: 'GET', url: '/vault/tree', remoteAddress: ATTACKER, headers: { authorization: wrong(i), 'x-forwarded-for': `192.0.2.${i + 1}` } });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(6)).toEqual([429, 429, 429, 429]);
  });
});

describe('KNOWER_TRUSTED_PROXY', () => {
  it('takes addresses and ranges, IPv4 and IPv6, comma-separated', () => {
    expect(loadConfig({ KNOWER_TRUSTED_PROXY: '127.0.0.1, 172.16.0.0/12,::1 ,fd00::/8' }).trustedProxies).toEqual(['127.0.0.1', '172.16.0.0/12', '::1', 'fd00::/8']);
    expect(loadConfig({}).trustedProxies).toEqual([]);
  });

  it.each([
    ['proxy.lan', '"proxy.lan" is not an IP address or a range'],
    ['10.0.0.0/33', '"10.0.0.0/33": the prefix length must be 0 to 32'],
    ['10.0.0.1/8/2', '"10.0.0.1/8/2" is not an IP address'],
    ['fe80::1%eth0', '"fe80::1%eth0" is not an IP address'],
  ])('refuses %s, naming it', (value, message) => {
    expect(() => loadConfig({ KNOWER_TRUSTED_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ KNOWER_TRUSTED_PROXY: value })).toThrow(message);
  });
});
