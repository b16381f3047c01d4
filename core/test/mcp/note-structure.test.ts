// outline, section and stats through the official MCP client, and the project a client works in
// (the query string the Claude Code plugin's .mcp.json sends) putting that project's notes first.
import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { textOf } from './mcp-client.js';

const DESIGN = [
  '---',
  'created: 2025-03-01',
  '---',
  'Zebra design',
  '============',
  '',
  'How the app is put together.',
  '',
  '## Storage',
  'SQLite in WAL mode.',
  '',
  '```markdown',
  '## Not a heading (inside a fence)',
  '```',
  '',
  '### Notes',
  'Storage notes: back up nightly.',
  '',
  'Caching',
  '-------',
  'Responses are cached for ten minutes.',
  '',
  '### Notes',
  'Caching notes: keyed by URL and ETag.',
  '',
  '# Appendix',
  'Nothing yet.',
].join('\n');

let t: TestApp;
let base: string;
const clients: Client[] = [];

async function connect(query = ''): Promise<Client> {
  const client = new Client({ name: 'knower-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp${query}`)));
  clients.push(client);
  return client;
}
const call = async (client: Client, name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;

beforeAll(async () => {
  t = await startTestApp({
    prepare: async (vault) => {
      const write = async (rel: string, text: string) => {
        await mkdir(path.dirname(path.join(vault, rel)), { recursive: true });
        await writeFile(path.join(vault, rel), text);
      };
      await write('projects/zebra-app/design.md', DESIGN);
      await write('projects/zebra-app/state.md', '# State\n\nThe cache ships next week.\n');
      await write('projects/acme/state.md', '# Acme\n\nThe acme release ships on Monday.\n');
      await write('bucket/release-ideas.md', '# Release ideas\n\nEverything ships eventually.\n');
    },
  });
  await t.knower.whenSettled();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
  await t.close();
});

describe('outline', () => {
  it('lists the headings with levels and line spans: setext yes, fenced code and frontmatter no', async () => {
    const client = await connect();
    const result = await call(client, 'outline', { path: 'projects/zebra-app/design.md' });
    expect(result.isError).toBeFalsy();
    const { headings, lines } = result.structuredContent as { lines: number; headings: Array<{ level: number; text: string; line: number; end: number; occurrence: number }> };
    expect(lines).toBe(27);
    expect(headings.map((h) => [h.level, h.text, h.line, h.end, h.occurrence])).toEqual(
      [
        [1, 'Zebra design', 4, 25],
        [2, 'Storage', 9, 18],
        [3, 'Notes', 16, 18, 1],
        [2, 'Caching', 19, 25],
        [3, 'Notes', 23, 25, 2],
        [1, 'Appendix', 26, 27],
      ].map(([level, text, line, end, occurrence]) => [level, text, line, end, occurrence ?? 1]),
    );
    const text = textOf(result);
    expect(text).toContain('projects/zebra-app/design.md: 27 lines, 6 headings');
    expect(text).toMatch(/### Notes · lines 23-25 · \d+ tokens · occurrence 2/);
    expect(text).not.toContain('Not a heading');
  });

  it('says so for a note without headings, and refuses folders, binary and missing files', async () => {
    const client = await connect();
    const bare = await call(client, 'outline', { path: 'projects/zebra-app/state.md' });
    expect(textOf(bare)).toContain('1 heading');
    const errors: Array<[string, RegExp]> = [
      ['projects/zebra-app', /is a folder/],
      ['projects/zebra-app/missing.md', /does not exist/],
      ['../etc/passwd', /must not contain "\.\."/],
    ];
    for (const [p, message] of errors) {
      const result = await call(client, 'outline', { path: p });
      expect(result.isError, p).toBe(true);
      expect(textOf(result), p).toMatch(message);
    }
  });
});

describe('section', () => {
  it('returns one section down to the next heading of the same or a higher level', async () => {
    const client = await connect();
    const result = await call(client, 'section', { path: 'projects/zebra-app/design.md', heading: 'Storage' });
    expect(result.isError).toBeFalsy();
    const section = result.structuredContent as { text: string; line: number; end: number };
    expect(section.text).toBe('## Storage\nSQLite in WAL mode.\n\n```markdown\n## Not a heading (inside a fence)\n```\n\n### Notes\nStorage notes: back up nightly.');
    expect([section.line, section.end]).toEqual([9, 18]);
    expect(textOf(result)).toContain('projects/zebra-app/design.md, lines 9-18 (under Zebra design):');
  });

  it('reads a setext heading’s section', async () => {
    const client = await connect();
    const result = await call(client, 'section', { path: 'projects/zebra-app/design.md', heading: 'caching' });
    expect((result.structuredContent as { text: string }).text).toBe('Caching\n-------\nResponses are cached for ten minutes.\n\n### Notes\nCaching notes: keyed by URL and ETag.');
  });

  it('asks which one when a name repeats, and takes an occurrence or a heading path', async () => {
    const client = await connect();
    const ambiguous = await call(client, 'section', { path: 'projects/zebra-app/design.md', heading: 'Notes' });
    expect(ambiguous.isError).toBe(true);
    expect(textOf(ambiguous)).toContain('"Notes" is the name of 2 headings');
    expect(textOf(ambiguous)).toContain('line 16, occurrence 1');
    expect(textOf(ambiguous)).toContain('"Zebra design > Caching > Notes"');
    const second = await call(client, 'section', { path: 'projects/zebra-app/design.md', heading: 'Notes', occurrence: 2 });
    expect((second.structuredContent as { text: string }).text).toBe('### Notes\nCaching notes: keyed by URL and ETag.');
    const byPath = await call(client, 'section', { path: 'projects/zebra-app/design.md', heading: 'Storage > Notes' });
    expect((byPath.structuredContent as { text: string }).text).toBe('### Notes\nStorage notes: back up nightly.');
  });

  it('does not take a heading inside a code fence, and lists the real ones', async () => {
    const client = await connect();
    const result = await call(client, 'section', { path: 'projects/zebra-app/design.md', heading: 'Not a heading (inside a fence)' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('has no heading "Not a heading (inside a fence)". Its headings:');
    expect(textOf(result)).toContain('# Zebra design (line 4, occurrence 1)');
    const tooMany = await call(client, 'section', { path: 'projects/zebra-app/design.md', heading: 'Notes', occurrence: 3 });
    expect(textOf(tooMany)).toContain('occurrence 3 does not exist');
  });
});

describe('the client’s project', () => {
  it('puts the project’s hits first when the client says where it works; an explicit scope still rules', async () => {
    const plain = await connect();
    const all = (await call(plain, 'search', { query: 'ships' })).structuredContent as { results: Array<{ path: string }> };
    expect(all.results.map((h) => h.path).sort()).toEqual(['bucket/release-ideas.md', 'projects/acme/state.md', 'projects/zebra-app/state.md']);

    // The query string .mcp.json sends, with a repository subfolder and a percent-encoded space.
    const inRepo = await connect('?project=&cwd=/home/dev/code/zebra-app/src/my%20lib');
    const first = (await call(inRepo, 'search', { query: 'ships' })).structuredContent as { results: Array<{ path: string }> };
    expect(first.results[0]?.path).toBe('projects/zebra-app/state.md');
    expect(first.results).toHaveLength(3);
    const scoped = (await call(inRepo, 'search', { query: 'ships', scope: 'project:acme' })).structuredContent as { results: Array<{ path: string }> };
    expect(scoped.results.map((h) => h.path)).toEqual(['projects/acme/state.md']);
    expect(inRepo.getInstructions()).toContain('scope "project:zebra-app"');

    const named = await connect('?project=ACME&cwd=/home/dev/code/zebra-app');
    const acme = (await call(named, 'search', { query: 'ships' })).structuredContent as { results: Array<{ path: string }> };
    expect(acme.results[0]?.path).toBe('projects/acme/state.md');
    expect(plain.getInstructions()).not.toContain('This session works');
  });
});

describe('stats', () => {
  it('gives notes and tokens per project and the index coverage, as text and structured content', async () => {
    const client = await connect();
    const result = await call(client, 'stats', { days: 3 });
    expect(result.isError).toBeFalsy();
    const stats = result.structuredContent as { days: number; projects: Array<{ name: string; notes: number; tokens: number }>; index: { indexable: number; indexed: number } };
    expect(stats.days).toBe(3);
    expect(stats.projects.map((p) => [p.name, p.notes])).toEqual([
      ['zebra-app', 2],
      ['acme', 1],
    ]);
    expect(stats.index.indexed).toBe(stats.index.indexable);
    expect(textOf(result)).toMatch(/- zebra-app: 2 · \d+ · \d{4}-\d{2}-\d{2} · 0 · 0/);
  });
});
