import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANARY, listRoutes, snapshot, startHostileApp, type HostileApp } from './hostile-fixture.js';

let t: HostileApp;
beforeAll(async () => {
  t = await startHostileApp();
});
afterAll(() => t.close());

/** Path values as they appear in a query string (some pre-encoded on purpose). */
const rawPaths = (): string[] => [
  '../outside/canary.md',
  '..%2Foutside%2Fcanary.md',
  '%2e%2e%2foutside%2fcanary.md',
  '%2E%2E/%2E%2E/outside/canary.md',
  'projects/../../outside/canary.md',
  'projects%2F..%2F..%2Foutside%2Fcanary.md',
  'projects/acme/state.md/../../../../outside/canary.md',
  '%252e%252e%252foutside%252fcanary.md',
  '..%5Coutside%5Ccanary.md',
  encodeURIComponent(path.join(t.outside, 'canary.md')),
  '/etc/passwd',
  '~/canary.md',
  'projects/acme/state.md%00.png',
  '%00',
  '.git/config',
  'projects/acme/.secret.md',
  'link-out/canary.md',
  'link-out',
  'projects/acme/alias.png',
  'inbox/linked-item/review.md',
];

function expectRefused(response: { statusCode: number; body: string; headers: Record<string, unknown> }, what: string): void {
  expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, what).toBeLessThan(500);
  expect(response.body, what).not.toContain(CANARY);
}

/** One MCP tools/call over the real /mcp route (stateless: no initialize needed). */
async function mcpCall(name: string, args: Record<string, unknown>): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/mcp',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
    payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('path tricks never leave the vault', () => {
  for (const route of ['/vault/file', '/vault/raw']) {
    it(`${route} refuses every trick with a 4xx JSON error`, async () => {
      for (const raw of rawPaths()) {
        const response = await t.app.inject({ method: 'GET', url: `${route}?path=${raw}` });
        expectRefused(response, `${route} ${raw}`);
        expect(response.json(), raw).toHaveProperty('error');
      }
    });
  }

  it('/inbox/:id refuses traversal and dot names', async () => {
    const ids = ['..%2F..%2Foutside', '..%2f..%2f..%2fetc%2fpasswd', '.git', '..%2Flink-out', '%00', encodeURIComponent(t.outside)];
    for (const id of ids) expectRefused(await t.app.inject({ method: 'GET', url: `/inbox/${id}` }), `/inbox/${id}`);
    // `..` in the URL path itself is resolved by the URL parser before routing: it lands on `/`.
    for (const id of ['..', '%2e%2e']) {
      const response = await t.app.inject({ method: 'GET', url: `/inbox/${id}` });
      expect(response.body).not.toContain(CANARY);
      expect(response.body).not.toContain('"review"');
    }
  });

  it('the static file routes refuse traversal', async () => {
    // Without the web build there are no static routes, and every probe would pass for nothing.
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.body, 'the web app must be built first (npm run build): these probes test its static routes').toMatch(/<div id="root">/);
    const asset = /\/static\/[^"]+\.js/.exec(home.body)?.[0];
    expect((await t.app.inject({ method: 'GET', url: asset ?? '/static/missing.js' })).statusCode).toBe(200);
    for (const url of ['/static/..%2f..%2foutside%2fcanary.md', '/%2e%2e/%2e%2e/outside/canary.md', '/..%2f..%2foutside/canary.md', '/static/%2e%2e/%2e%2e/%2e%2e/outside/canary.md']) {
      expectRefused(await t.app.inject({ method: 'GET', url }), url);
    }
  });

  it('listings never show what lies behind a symlink', async () => {
    const probes = [await t.app.inject({ method: 'GET', url: '/vault/tree' }), await t.app.inject({ method: 'GET', url: '/inbox' })];
    for (const response of probes) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).not.toContain(CANARY);
    }
  });

  it('the MCP read and tree tools refuse every trick as tool errors', async () => {
    for (const raw of rawPaths()) {
      const p = decodeURIComponent(raw);
      for (const [tool, args] of [
        ['read', { path: p }],
        ['tree', { path: p, depth: 3 }],
      ] as const) {
        const body = await mcpCall(tool, args);
        expect(body, `${tool} ${p}`).toContain('"isError":true');
        expect(body, `${tool} ${p}`).not.toContain(CANARY);
      }
    }
    const whole = await mcpCall('tree', { path: '', depth: 10 });
    expect(whole).not.toContain('canary');
  });
});

describe('malformed, oversized and mistyped bodies get a 4xx JSON error', () => {
  const huge = 'x'.repeat(2 * 1024 * 1024);
  const cases: Array<[string, string, string, number]> = [
    ['/update', 'application/json', '{"text": ', 400],
    // Fastify coerces scalars (42 → "42"), so the wrong type here is an object.
    ['/update', 'application/json', '{"text": {"$ne": null}}', 400],
    ['/update', 'application/json', 'null', 400],
    ['/update', 'application/json', '[]', 400],
    ['/update', 'application/json', JSON.stringify({ text: 'x'.repeat(200_000) }), 413],
    ['/update', 'application/json', JSON.stringify({ text: 'hi', inbox_ref: '../../outside' }), 404],
    ['/search', 'application/json', '{"query": "unterminated', 400],
    ['/search', 'application/json', '{"query": ["a", "b"]}', 400],
    ['/search', 'application/json', JSON.stringify({ query: 'x'.repeat(5000) }), 400],
    ['/search', 'application/json', JSON.stringify({ query: huge }), 413],
    ['/mcp', 'application/json', '{"jsonrpc": "2.0", "method":', 400],
    ['/mcp', 'application/json', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'remember', arguments: { text: huge } } }), 413],
    ['/update', 'text/plain', 'remember this', 415],
    ['/update', 'application/xml', '<text>hi</text>', 415],
    ['/update', 'application/x-www-form-urlencoded', 'text=hi', 415],
    ['/search', 'text/plain', 'query', 415],
    ['/search', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="query"\r\n\r\nq\r\n--x--\r\n', 415],
    ['/mcp', 'text/plain', '{}', 415],
    ['/mcp', 'application/x-www-form-urlencoded', 'a=b', 415],
  ];
  it('a JSON body over 1 MB is refused before it is parsed, on every route that takes JSON', async () => {
    // Under the text limit in characters once parsed, but not as bytes on the wire: the size
    // check comes first, so even a huge body never costs a parse.
    const big = JSON.stringify({ text: `${'x'.repeat(90_000)}${' '.repeat(1_100_000)}` });
    for (const url of ['/update', '/search', '/mcp', '/share']) {
      const response = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, payload: big });
      expect(response.statusCode, url).toBe(413);
      expect(response.json(), url).toMatchObject({ error: 'body_too_large' });
    }
    const announced = await t.app.inject({ method: 'POST', url: '/update', headers: { 'content-type': 'application/json', 'content-length': String(81 * 1024 * 1024) }, payload: '{"text":"hi"}' });
    expect(announced.statusCode).toBe(413);
  });

  it('multipart keeps its own limits: two 3 MB images go through, an 11 MB one does not', async () => {
    const png = (size: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(size - 8, 7)]);
    const form = (images: Buffer[]) => {
      const boundary = '----knower-limits';
      const parts: Buffer[] = [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\ntwo photos\r\n`)];
      images.forEach((data, i) =>
        parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="p${i}.png"\r\nContent-Type: image/png\r\n\r\n`), data, Buffer.from('\r\n')),
      );
      parts.push(Buffer.from(`--${boundary}--\r\n`));
      return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, accept: 'application/json' } };
    };
    for (const url of ['/update', '/share']) {
      const ok = await t.app.inject({ method: 'POST', url, ...form([png(3 * 1024 * 1024), png(3 * 1024 * 1024)]) });
      expect(ok.statusCode, `${url} ${ok.body}`).toBe(202);
      const big = await t.app.inject({ method: 'POST', url, ...form([png(11 * 1024 * 1024)]) });
      expect(big.statusCode, url).toBe(413);
      expect(big.json(), url).toMatchObject({ error: 'attachment_too_large' });
    }
    await t.knower.queue.whenIdle();
  });

  for (const [url, type, payload, status] of cases) {
    it(`POST ${url} (${type}, ${payload.length} bytes) → ${status}`, async () => {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': type, accept: 'application/json, text/event-stream' },
        payload,
      });
      expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toHaveProperty('error');
    });
  }
});

describe('cross-origin writes and foreign hosts are refused', () => {
  const elsewhere = 'http://elsewhere.example';
  const post = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/update', headers: { 'content-type': 'application/json', ...headers }, payload: { text: 'pwned by a web page' } });

  it('a browser-style cross-origin POST /update is refused and writes nothing', async () => {
    await t.knower.queue.whenIdle();
    await t.knower.whenSettled();
    const before = { vault: await snapshot(t.vault), state: await snapshot(t.stateDir), updates: t.knower.queue.recent().length };
    const attempts: Array<Record<string, string>> = [
      { origin: elsewhere },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { referer: `${elsewhere}/page` },
      { origin: 'http://localhost:5173' },
    ];
    for (const headers of attempts) {
      const response = await post(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json().error).toBe('cross_origin');
    }
    await new Promise((r) => setTimeout(r, 300));
    await t.knower.whenSettled();
    expect(t.knower.queue.recent()).toHaveLength(before.updates);
    expect(await snapshot(t.vault)).toEqual(before.vault);
    expect(await snapshot(t.stateDir)).toEqual(before.state);
  });

  it('every state-changing route refuses another origin', async () => {
    const unsafe = listRoutes(t.app).filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method));
    expect(unsafe.map((r) => `${r.method} ${r.url}`)).toEqual(expect.arrayContaining(['POST /update', 'POST /search', 'POST /mcp', 'POST /embed']));
    for (const { method, url } of unsafe) {
      const response = await t.app.inject({ method: method as 'POST', url, headers: { origin: elsewhere, 'content-type': 'application/json' }, payload: '{}' });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('same-origin pages, the Vite dev proxy and non-browser clients may write', async () => {
    // inject's Host is localhost:80; the Vite proxy keeps the browser's Host (localhost:5173).
    expect((await post({ origin: 'http://localhost' })).statusCode).toBe(202);
    expect((await post({ origin: 'http://localhost:5173', host: 'localhost:5173' })).statusCode).toBe(202);
    expect((await post({ origin: 'http://127.0.0.1:5173', host: '127.0.0.1:5173', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(202);
    expect((await post({})).statusCode).toBe(202);
    expect((await post({ 'sec-fetch-site': 'none' })).statusCode).toBe(202);
  });

  it('a foreign Host header (DNS rebinding) is refused on every route', async () => {
    const routes = [...listRoutes(t.app), { method: 'GET', url: '/no-such-route' }];
    // An IP address must be loopback or one the service is bound to (here 127.0.0.1).
    for (const host of ['evil.example:8000', 'localhost.evil.example', '127.0.0.1.nip.io:8000', 'localhost@evil.example', 'localhost/x', '192.168.1.20:8000', '10.0.0.1', '[fe80::1]:8000']) {
      for (const { method, url } of routes) {
        const response = await t.app.inject({ method: method as 'GET', url, headers: { host } });
        expect(response.statusCode, `${host} ${method} ${url}`).toBe(403);
        if (method !== 'HEAD') expect(response.json().error).toBe('host_not_allowed');
      }
    }
    for (const host of ['localhost:8000', '127.0.0.1:8000', '[::1]:8000', '127.1:8000', '0x7f000001:8000', '[::ffff:127.0.0.1]:8000']) {
      expect((await t.app.inject({ method: 'GET', url: '/health', headers: { host } })).statusCode, host).toBe(200);
    }
  });
});
