// A search query may be 2,000 characters in any script, at every edge: the API (GET and POST),
// the MCP search tool and the CLI. 2,000 Thai characters are ~6 kB of UTF-8 and ~18 kB
// percent-encoded: more than Node's default 16 kB of request headers, which answered 431 before
// the route saw the request. One more character is refused with a 400 naming the field.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKnower, shellEnv } from '../cli/knower-process.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// "garlic" in Thai, 8 characters, 222 times, each followed by an ideographic space (U+3000),
// then two more: 2,000 characters, ~18 kB percent-encoded (a space would be one byte as "+").
// Spaced, so that the test is about the query's length, not how a spaceless Thai query is cut
// into words.
const WORD = 'กระเทียม';
const LONGEST = `${`${WORD}\u3000`.repeat(222)}\u3000\u3000`;
const TOO_LONG = `${LONGEST}ก`;

let t: TestApp;
let base: string;
let scratch: string;

beforeAll(async () => {
  t = await startTestApp({
    search: 'qmd',
    prepare: async (vault) => {
      await writeFile(path.join(vault, 'garden.md'), `# สวน\n\nปลูก ${WORD} ในแปลงที่สาม\n`);
      await writeFile(path.join(vault, 'kitchen.md'), '# Kitchen\n\nNothing about the garden here.\n');
    },
  });
  await t.knower.whenSettled();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${String((t.app.server.address() as AddressInfo).port)}`;
  scratch = await mkdtemp(path.join(tmpdir(), 'knower-long-queries-'));
}, 120_000);

afterAll(async () => {
  await t.close();
  await rm(scratch, { recursive: true, force: true });
});

const paths = (body: unknown) => (body as { results: Array<{ path: string }> }).results.map((r) => r.path);
const postJson = (route: string, body: unknown) => fetch(`${base}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('a 2,000-character Thai query', () => {
  it('is longer than Node lets a URL be by default, and within the limit', () => {
    expect([...LONGEST]).toHaveLength(2000);
    expect(new URLSearchParams({ q: LONGEST }).toString().length).toBeGreaterThan(16 * 1024);
  });

  it('finds its note by GET /vault/search, over a real socket: no 431', async () => {
    const res = await fetch(`${base}/vault/search?q=${encodeURIComponent(LONGEST)}`);
    expect(res.status).toBe(200);
    expect(paths(await res.json())).toEqual(['garden.md']);
  });

  it('finds its note by POST /vault/search', async () => {
    const res = await postJson('/vault/search', { q: LONGEST, limit: 5 });
    expect(res.status).toBe(200);
    expect(paths(await res.json())).toEqual(['garden.md']);
  });

  it('finds its note through the MCP search tool', async () => {
    const client = new Client({ name: 'knower-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
    try {
      const found = (await client.callTool({ name: 'search', arguments: { query: LONGEST } })) as CallToolResult;
      expect(found.isError).toBeFalsy();
      expect((found.structuredContent as { results: Array<{ path: string }> }).results.map((r) => r.path)).toEqual(['garden.md']);
      // Characters as people count them: 2,000 emoji are 4,000 UTF-16 units, and within the limit.
      const seedlings = (await client.callTool({ name: 'search', arguments: { query: '🌱'.repeat(2000) } })) as CallToolResult;
      expect(seedlings.isError).toBeFalsy();
      const refused = (await client.callTool({ name: 'search', arguments: { query: TOO_LONG } })) as CallToolResult;
      expect(refused.isError).toBe(true);
      const said = refused.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
      expect(said).toContain('query');
      expect(said).toContain('longer than 2000 characters');
    } finally {
      await client.close();
    }
  });

  it('finds its note through knower search, and one character more is a usage error that says the count', async () => {
    const env = shellEnv(scratch, { PORT: new URL(base).port, KNOWER_RUN_DIR: path.join(scratch, 'run') });
    const found = await runKnower(['search', LONGEST], env, scratch);
    expect(found.stderr).toBe('');
    expect(found.stdout.split('\n')[0]).toBe('garden.md — สวน');
    expect(found.code).toBe(0);
    const refused = await runKnower(['search', TOO_LONG], env, scratch);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('knower: search: the words are too long: 2001 characters, at most 2000');
  });
});

describe('one character more', () => {
  const refusals: Array<[string, () => Promise<Response>, string]> = [
    ['GET /vault/search', () => fetch(`${base}/vault/search?q=${encodeURIComponent(TOO_LONG)}`), 'q'],
    ['POST /vault/search', () => postJson('/vault/search', { q: TOO_LONG }), 'q'],
    ['GET /vault/find', () => fetch(`${base}/vault/find?q=${encodeURIComponent(TOO_LONG)}`), 'q'],
    ['POST /vault/find', () => postJson('/vault/find', { q: TOO_LONG }), 'q'],
    ['POST /search (a question)', () => postJson('/search', { query: TOO_LONG }), 'query'],
  ];
  for (const [edge, send, field] of refusals) {
    it(`is refused by ${edge} with a 400 naming ${field}`, async () => {
      const res = await send();
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(new RegExp(`^${field} is longer than 2000 characters`));
    });
  }

  it('counts characters, not UTF-16 units: 2,000 emoji pass, as 2,000 Thai characters do', async () => {
    const res = await postJson('/vault/find', { q: '🌱'.repeat(2000) });
    expect(res.status).toBe(200);
  });
});
