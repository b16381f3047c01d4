import { describe, expect, it } from 'vitest';
import { crossOriginProblem, hostAllowed, trustedHostNames } from '../../src/security/index.js';
import { startTestApp } from '../helpers/test-app.js';
import { closeWhenIdle } from './hostile-fixture.js';

describe('hostAllowed (DNS rebinding)', () => {
  const trusted = trustedHostNames('127.0.0.1', ['knower.lan']);
  it.each([
    ['localhost:8000', true],
    ['LOCALHOST:8000', true],
    ['127.0.0.1:8000', true],
    ['127.0.0.1', true],
    ['[::1]:8000', true],
    ['192.168.1.20:8000', true],
    ['knower.lan:8000', true],
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
    expect([...trustedHostNames('notes.example', [])]).toEqual(['notes.example']);
    expect([...trustedHostNames('0.0.0.0', [])]).toEqual([]);
    expect([...trustedHostNames('::', ['A.Example'])]).toEqual(['a.example']);
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
