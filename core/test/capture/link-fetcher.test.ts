import { lookup as realLookup } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkFetcher, isPublicAddress, USER_AGENT } from '../../src/capture/index.js';
import { startFixtureSite, type FixtureSite } from '../fakes/fixture-site.js';

/** DNS as a test wants it: these names resolve to these addresses, anything else as usual. */
function fakeDns(names: Record<string, string>): typeof realLookup {
  return ((hostname: string, options: object, callback: (err: Error | null, addresses: Array<{ address: string; family: number }>) => void) => {
    const address = names[hostname];
    if (!address) return realLookup(hostname, options as never, callback as never);
    callback(null, [{ address, family: address.includes(':') ? 6 : 4 }]);
  }) as unknown as typeof realLookup;
}

describe('the link fetcher', () => {
  let site: FixtureSite;
  let other: FixtureSite;
  beforeAll(async () => {
    site = await startFixtureSite({
      '/page': { kind: 'body', type: 'text/html; charset=utf-8', body: '<html><body><p>Hello pelicans</p></body></html>', headers: { 'set-cookie': 'session=1' } },
      '/doc': { kind: 'body', type: 'application/pdf', body: Buffer.from('%PDF-1.4 tiny'), headers: { 'content-disposition': 'attachment; filename="Annual report.pdf"' } },
      '/hop1': { kind: 'redirect', to: '/hop2' },
      '/hop2': { kind: 'redirect', to: '/page' },
      '/loop': { kind: 'redirect', to: '/loop' },
      '/missing-page': { kind: 'body', type: 'text/html', body: 'gone', status: 404 },
      '/endless': { kind: 'endless' },
      '/trickle': { kind: 'trickle', everyMs: 200 },
      '/bomb': { kind: 'gzip-bomb', inflated: 64 * 1024 * 1024 },
      '/hang': { kind: 'hang' },
    });
    other = await startFixtureSite({ '/secret': { kind: 'body', type: 'text/plain', body: 'internal' } });
    site.route('/to-other', { kind: 'redirect', to: `${other.origin}/secret` });
    site.route('/to-metadata', { kind: 'redirect', to: 'http://169.254.169.254/latest/meta-data/' });
  });
  afterAll(async () => {
    await site?.close();
    await other?.close();
  });

  const allowed = () => createLinkFetcher({ allow: new Set([site.host]), userAgent: USER_AGENT });

  it('fetches a page from an allowed host: its bytes, type and final URL, with a clear User-Agent and no cookie', async () => {
    const fetched = await allowed().fetch(`${site.origin}/hop1`);
    expect(fetched.ok && fetched.link).toMatchObject({ url: `${site.origin}/page`, status: 200, contentType: 'text/html; charset=utf-8' });
    expect(fetched.ok && fetched.link.bytes.toString()).toContain('Hello pelicans');
    const sent = site.requests.filter((r) => r.path === '/page').at(-1);
    expect(sent?.headers['user-agent']).toBe(USER_AGENT);
    expect(sent?.headers.cookie).toBeUndefined();
    // The cookie the page set is not sent back on the next fetch.
    await allowed().fetch(`${site.origin}/page`);
    expect(site.requests.filter((r) => r.path === '/page').every((r) => r.headers.cookie === undefined)).toBe(true);
  });

  it('names a file from Content-Disposition', async () => {
    const fetched = await allowed().fetch(`${site.origin}/doc`);
    expect(fetched.ok && fetched.link.name).toBe('Annual report.pdf');
  });

  it('refuses a private address without KNOWER_FETCH_ALLOW, before any byte is sent', async () => {
    const before = site.requests.length;
    const fetched = await createLinkFetcher({ allow: new Set(), userAgent: USER_AGENT }).fetch(`${site.origin}/page`);
    expect(fetched).toMatchObject({ ok: false, code: 'private_address' });
    expect(site.requests.length).toBe(before);
  });

  it('refuses what is not an http(s) link: file:, javascript:, data:, ftp:, credentials in the URL', async () => {
    const fetcher = allowed();
    for (const link of ['file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,hi', 'ftp://example.com/x', `http://user:pw@${site.host}/page`]) {
      expect(await fetcher.fetch(link), link).toMatchObject({ ok: false, code: 'bad_url' });
    }
    expect(await fetcher.fetch('not a url')).toMatchObject({ ok: false, code: 'bad_url' });
  });

  it('refuses a name that resolves to 127.0.0.1, checked on the connection itself', async () => {
    const before = site.requests.length;
    const fetcher = createLinkFetcher({ allow: new Set(), userAgent: USER_AGENT, lookup: fakeDns({ 'news.example': '127.0.0.1' }) });
    const fetched = await fetcher.fetch(`http://news.example:${site.port}/page`);
    expect(fetched).toMatchObject({ ok: false, code: 'private_address' });
    expect(fetched.ok || fetched.message).toContain('127.0.0.1');
    expect(site.requests.length).toBe(before);
    // The same name, listed with its port, may be reached.
    const listed = createLinkFetcher({ allow: new Set([`news.example:${site.port}`]), userAgent: USER_AGENT, lookup: fakeDns({ 'news.example': '127.0.0.1' }) });
    expect((await listed.fetch(`http://news.example:${site.port}/page`)).ok).toBe(true);
  });

  it('checks every redirect hop: an allowed site redirecting to another local server or the metadata address is refused', async () => {
    const fetcher = allowed();
    const before = other.requests.length;
    expect(await fetcher.fetch(`${site.origin}/to-other`)).toMatchObject({ ok: false, code: 'private_address' });
    expect(other.requests.length).toBe(before);
    expect(await fetcher.fetch(`${site.origin}/to-metadata`)).toMatchObject({ ok: false, code: 'private_address' });
  });

  it('gives up on a redirect loop after 5 redirects', async () => {
    const before = site.requests.filter((r) => r.path === '/loop').length;
    expect(await allowed().fetch(`${site.origin}/loop`)).toMatchObject({ ok: false, code: 'too_many_redirects' });
    expect(site.requests.filter((r) => r.path === '/loop').length - before).toBe(6);
  });

  it('stops an endless (2 GB) body and a gzip bomb at the size limit', async () => {
    const fetcher = createLinkFetcher({ allow: new Set([site.host]), userAgent: USER_AGENT, limits: { maxBytes: 2 * 1024 * 1024 } });
    expect(await fetcher.fetch(`${site.origin}/endless`)).toMatchObject({ ok: false, code: 'too_large' });
    expect(await fetcher.fetch(`${site.origin}/bomb`)).toMatchObject({ ok: false, code: 'too_large' });
  });

  it('stops a server that trickles bytes, or never answers, at the time limit', async () => {
    const fetcher = createLinkFetcher({ allow: new Set([site.host]), userAgent: USER_AGENT, limits: { timeoutMs: 1_000 } });
    expect(await fetcher.fetch(`${site.origin}/trickle`)).toMatchObject({ ok: false, code: 'timeout' });
    expect(await fetcher.fetch(`${site.origin}/hang`)).toMatchObject({ ok: false, code: 'timeout' });
  });

  it('says an error status in words', async () => {
    expect(await allowed().fetch(`${site.origin}/missing-page`)).toMatchObject({ ok: false, code: 'http_error', message: 'the server answered 404 Not Found' });
  });
});

describe('which addresses a link may reach', () => {
  it('public unicast only', () => {
    for (const address of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '8.8.8.8']) expect(isPublicAddress(address), address).toBe(true);
    const refused = [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '64:ff9b::7f00:1',
      '2002:7f00:1::',
      'nonsense',
    ];
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false);
  });
});
