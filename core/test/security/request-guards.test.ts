import { describe, expect, it } from 'vitest';
import { crossOriginProblem, crossSiteReadProblem, hostAllowed, isShareLaunch, trustedHosts } from '../../src/security/index.js';
import { startTestApp } from '../helpers/test-app.js';
import { closeWhenIdle } from './hostile-fixture.js';

describe('hostAllowed (DNS rebinding)', () => {
  const trusted = trustedHosts('127.0.0.1', ['knower.lan']);
  it.each([
    ['localhost:8000', true],
    ['LOCALHOST:8000', true],
    ['127.0.0.1:8000', true],
    ['127.0.0.1', true],
    ['127.0.0.2:8000', true],
    ['[::1]:8000', true],
    ['[::ffff:127.0.0.1]:8000', true],
    // The spellings a browser's URL parser turns into 127.0.0.1.
    ['127.1:8000', true],
    ['0x7f000001:8000', true],
    ['2130706433', true],
    ['0177.0.0.1', true],
    ['knower.lan:8000', true],
    // Another machine's address: this service is not bound to it.
    ['192.168.1.20:8000', false],
    ['10.0.0.1', false],
    ['[fe80::1]:8000', false],
    ['[::ffff:192.168.1.20]', false],
    ['0.0.0.0:8000', false],
    ['evil.example:8000', false],
    ['localhost.evil.example:8000', false],
    ['localhost.:8000', false],
    ['127.0.0.1.nip.io', false],
    ['localhost@evil.example', false],
    ['evil.example#@localhost', false],
    ['localhost:8000/path', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (host, allowed) => {
    expect(hostAllowed(host, trusted)).toBe(allowed);
  });

  it('trusts the configured HOST when it is a name, never a wildcard address', () => {
    expect([...trustedHosts('notes.example', []).names]).toEqual(['notes.example']);
    expect([...trustedHosts('0.0.0.0', [], () => []).names]).toEqual([]);
    expect([...trustedHosts('::', ['A.Example'], () => []).names]).toEqual(['a.example']);
  });

  it('answers on the address it is bound to, however a browser spells it', () => {
    const bound = trustedHosts('192.168.1.20', []);
    expect(hostAllowed('192.168.1.20:8000', bound)).toBe(true);
    expect(hostAllowed('3232235796:8000', bound)).toBe(true); // 192.168.1.20 as one number
    expect(hostAllowed('192.168.1.21:8000', bound)).toBe(false);
    const v6 = trustedHosts('fd00::2', []);
    expect(hostAllowed('[fd00:0:0:0:0:0:0:2]:8000', v6)).toBe(true);
    expect(hostAllowed('[fd00::3]:8000', v6)).toBe(false);
  });

  it('bound to every interface, answers on the addresses of this machine only', () => {
    const wildcard = trustedHosts('0.0.0.0', [], () => ['127.0.0.1', '192.168.1.20', 'fe80::1%eth0', '::1']);
    expect(hostAllowed('192.168.1.20:8000', wildcard)).toBe(true);
    expect(hostAllowed('[fe80::1]:8000', wildcard)).toBe(true);
    expect(hostAllowed('192.168.1.99:8000', wildcard)).toBe(false);
    expect(hostAllowed('0.0.0.0:8000', wildcard)).toBe(false);
    // The real interfaces of the machine running the test: loopback at least.
    expect(hostAllowed('127.0.0.1:8000', trustedHosts('::', []))).toBe(true);
  });

  it('an address listed in KNOWER_ALLOWED_HOSTS is answered too', () => {
    expect(hostAllowed('10.0.0.7:8000', trustedHosts('127.0.0.1', ['10.0.0.7']))).toBe(true);
  });
});

describe('crossOriginProblem', () => {
  const publicNames = new Set(['knower.example.com']);
  const req = (over: Partial<Parameters<typeof crossOriginProblem>[0]>) =>
    crossOriginProblem({ method: 'POST', host: '127.0.0.1:8000', origin: undefined, secFetchSite: undefined, referer: undefined, ...over }, publicNames);

  it('lets safe methods and non-browser clients through', () => {
    expect(crossOriginProblem({ method: 'GET', host: '127.0.0.1:8000', origin: 'http://evil.example', secFetchSite: 'cross-site', referer: undefined }, publicNames)).toBeUndefined();
    expect(req({})).toBeUndefined();
  });

  it('accepts the same origin, default ports included, and a configured public name', () => {
    expect(req({ origin: 'http://127.0.0.1:8000' })).toBeUndefined();
    expect(req({ host: 'localhost', origin: 'http://localhost:80' })).toBeUndefined();
    expect(req({ host: 'knower.example.com', origin: 'https://knower.example.com' })).toBeUndefined();
    // A TLS proxy that rewrites Host to the upstream address: the public name was configured.
    expect(req({ origin: 'https://knower.example.com' })).toBeUndefined();
    expect(req({ secFetchSite: 'same-origin' })).toBeUndefined();
    expect(req({ referer: 'http://127.0.0.1:8000/some/page?q=1' })).toBeUndefined();
  });

  it('the Vite dev server passes through its proxy, and only through it', () => {
    expect(req({ host: 'localhost:5173', origin: 'http://localhost:5173' })).toBeUndefined();
    // Another app on :5173 talking to core directly does not.
    expect(req({ host: '127.0.0.1:8000', origin: 'http://localhost:5173' })).toMatch(/localhost:5173/);
  });

  it.each([
    [{ origin: 'http://evil.example' }],
    [{ origin: 'http://127.0.0.1:8001' }],
    [{ origin: 'http://localhost:8000' }],
    [{ origin: 'https://127.0.0.1:8000.evil.example' }],
    [{ origin: 'null' }],
    [{ origin: 'file://' }],
    [{ origin: 'not a url' }],
    [{ secFetchSite: 'cross-site' }],
    [{ secFetchSite: 'same-site' }],
    [{ referer: 'http://evil.example/x' }],
    [{ referer: '::garbage' }],
  ])('refuses %j', (over) => {
    expect(req(over)).toBeTruthy();
  });
});

describe('crossSiteReadProblem', () => {
  const publicNames = new Set(['knower.example.com']);
  const read = (meta: { site?: string; mode?: string; dest?: string }, over: { origin?: string; host?: string } = {}) =>
    crossSiteReadProblem({ host: over.host ?? '127.0.0.1:8000', origin: over.origin, meta: { site: meta.site, mode: meta.mode, dest: meta.dest } }, publicNames);

  it('lets the app, a top-level page load from anywhere, the share launch and programs through', () => {
    expect(read({ site: 'same-origin', mode: 'cors', dest: 'empty' })).toBeUndefined();
    expect(read({ site: 'cross-site', mode: 'navigate', dest: 'document' })).toBeUndefined();
    expect(read({ site: 'same-site', mode: 'navigate', dest: 'document' })).toBeUndefined();
    expect(read({ site: 'none', mode: 'navigate', dest: 'document' }, { origin: 'null' })).toBeUndefined();
    // A link followed where the app is installed: its service worker re-sends the navigation.
    expect(read({ site: 'cross-site', mode: 'navigate', dest: 'empty' })).toBeUndefined();
    // The CLI, MCP clients and hooks: nothing, or Node's fetch's lone Sec-Fetch-Mode.
    expect(read({})).toBeUndefined();
    expect(read({ mode: 'cors' })).toBeUndefined();
    // Another port is the same site; with the service's own Origin it is the app.
    expect(read({ site: 'same-site', mode: 'cors', dest: 'empty' }, { origin: 'http://127.0.0.1:8000' })).toBeUndefined();
    // A TLS proxy rewriting Host: the public name was configured.
    expect(read({ site: 'same-origin', mode: 'cors', dest: 'empty' }, { origin: 'https://knower.example.com' })).toBeUndefined();
  });

  it.each([
    [{ site: 'cross-site', mode: 'no-cors', dest: 'empty' }, {}],
    [{ site: 'same-site', mode: 'no-cors', dest: 'empty' }, {}],
    [{ site: 'cross-site', mode: 'no-cors', dest: 'image' }, {}],
    [{ site: 'cross-site', mode: 'cors', dest: 'empty' }, { origin: 'http://evil.example' }],
    [{ site: 'same-site', mode: 'cors', dest: 'empty' }, { origin: 'http://127.0.0.1:5173' }],
    // A frame: the service is never framed, and a page must not load /vault/search in one either.
    [{ site: 'cross-site', mode: 'navigate', dest: 'iframe' }, {}],
    [{ site: 'cross-site', mode: 'no-cors', dest: 'empty' }, { origin: 'null' }],
    // An Origin alone (a browser without fetch metadata, a CORS request).
    [{}, { origin: 'http://localhost:3000' }],
  ])('refuses %j %j', (meta, over) => {
    expect(read(meta, over)).toBeTruthy();
  });
});

describe('isShareLaunch', () => {
  it('is a top-level navigation the browser started itself, and nothing else', () => {
    expect(isShareLaunch({ site: 'none', mode: 'navigate', dest: 'document' })).toBe(true);
    for (const meta of [
      { site: 'cross-site', mode: 'navigate', dest: 'document' },
      { site: 'same-site', mode: 'navigate', dest: 'document' },
      { site: 'same-origin', mode: 'navigate', dest: 'document' },
      { site: 'none', mode: 'no-cors', dest: 'empty' },
      { site: 'none', mode: 'navigate', dest: 'iframe' },
      { site: undefined, mode: undefined, dest: undefined },
    ]) {
      expect(isShareLaunch(meta), JSON.stringify(meta)).toBe(false);
    }
  });
});

describe('KNOWER_ALLOWED_HOSTS and a named HOST in the app', () => {
  it('answers to configured names and accepts writes from their origin', async () => {
    const t = await startTestApp({ env: { KNOWER_ALLOWED_HOSTS: 'knower.lan, Notes.Example', HOST: 'box.example', KNOWER_TOKEN: 'a-long-enough-token-1234' } });
    try {
      const auth = { authorization: 'Bearer a-long-enough-token-1234' };
      for (const host of ['knower.lan:8000', 'notes.example', 'box.example:8000']) {
        expect((await t.app.inject({ method: 'GET', url: '/health', headers: { host, ...auth } })).statusCode, host).toBe(200);
      }
      expect((await t.app.inject({ method: 'GET', url: '/health', headers: { host: 'other.example', ...auth } })).statusCode).toBe(403);
      const write = await t.app.inject({ method: 'POST', url: '/update', headers: { host: 'knower.lan:8000', origin: 'http://knower.lan:8000', ...auth }, payload: { text: 'from the LAN' } });
      expect(write.statusCode).toBe(202);
    } finally {
      await closeWhenIdle(t);
    }
  });
});
