// A PDF a person drops into the vault by hand, with the service running: listed in the tree at
// once, then found by a word of its body through GET /vault/search and MCP's search, the hit
// naming its page; /health counts it.
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textPdf } from '../helpers/pdf-bytes.js';
import { waitFor } from '../helpers/temp-dir.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { textOf } from '../mcp/mcp-client.js';

let t: TestApp;
let client: Client;
let base: string;

beforeAll(async () => {
  t = await startTestApp({ search: 'qmd', prepare: async (vault) => writeFileSync(path.join(vault, 'pier.md'), '# Pier\n\nThe pier was repainted.\n') });
  await t.knower.whenSettled();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  client = new Client({ name: 'knower-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
}, 120_000);

afterAll(async () => {
  await client?.close();
  await t?.close();
}, 60_000);

const getJson = async (url: string) => (await (await fetch(`${base}${url}`)).json()) as Record<string, unknown>;

describe('a PDF dropped into the vault by hand', () => {
  it('is listed in the tree, then found by a word of its page 37 by search, MCP and an offline answer, naming the page; /health counts it', { timeout: 120_000 }, async () => {
    const pages = Array.from({ length: 50 }, (_, i) => `Field manual, page ${i + 1}\nRoutine checks.${i === 36 ? '\nA quokka was seen near the pier.' : ''}`);
    mkdirSync(path.join(t.vault, 'papers'), { recursive: true });
    writeFileSync(path.join(t.vault, 'papers/manual.pdf'), await textPdf(pages, 'Field manual'));

    await waitFor(async () => JSON.stringify(await getJson('/vault/tree?path=papers')).includes('manual.pdf'), 30_000, 'the PDF in the tree');
    const hit = await waitFor(
      async () => ((await getJson('/vault/search?q=quokka')).results as Array<Record<string, unknown>>).find((h) => h.path === 'papers/manual.pdf'),
      60_000,
      'the PDF found by a word of its body',
    );
    expect(hit).toMatchObject({ title: 'Field manual', page: 37, snippet: expect.stringContaining('A quokka was seen near the pier.') });

    const mcp = (await client.callTool({ name: 'search', arguments: { query: 'quokka' } })) as CallToolResult;
    expect(textOf(mcp)).toContain('1. papers/manual.pdf p. 37 — Field manual\n   > ');
    expect((mcp.structuredContent as { results: unknown[] }).results).toEqual([expect.objectContaining({ path: 'papers/manual.pdf', page: 37 })]);

    // Without a model, a question is answered with the passages found: the PDF's from its page, never its bytes.
    const asked = textOf((await client.callTool({ name: 'ask', arguments: { question: 'quokka' } })) as CallToolResult);
    expect(asked).toContain('`papers/manual.pdf` p. 37\n\n> Routine checks.\n> A quokka was seen near the pier.');
    expect(asked).not.toContain('%PDF');

    const counted = await waitFor(
      async () => {
        const pdfs = ((await getJson('/health')).qmd as { pdfs?: { waiting: number } } | undefined)?.pdfs;
        return pdfs?.waiting === 0 ? pdfs : undefined;
      },
      30_000,
      '/health to count the PDF',
    );
    expect(counted).toEqual({ indexed: 1, waiting: 0, setAside: 0 });
  });
});
