// MCP's search names each hit's passage and brings its text with context; its find looks files
// up by name exactly as the app's palette does (GET /vault/find).
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/api/index.js';
import { startMcpApp, textOf, type McpFixture } from './mcp-client.js';

let t: McpFixture;
let client: Client;

beforeAll(async () => {
  t = await startMcpApp();
  client = await t.connect();
});
afterAll(() => t.close());

describe('MCP search: passages and context', () => {
  it('names the passage of each hit (heading path, lines) and, with context, its text', async () => {
    const plain = await t.call(client, 'search', { query: 'press kit' });
    expect(plain.isError).toBeFalsy();
    const hit = (plain.structuredContent as { results: Array<Record<string, unknown>> }).results[0];
    expect(hit).toMatchObject({ path: 'projects/acme/state.md', passage: { headings: ['Acme state'], from: 4, to: 6 } });
    expect(hit!.text).toBeUndefined();
    expect(textOf(plain)).toContain('§ Acme state · lines 4-6');

    const withText = await t.call(client, 'search', { query: 'press kit', context: 1 });
    const full = (withText.structuredContent as { results: Array<Record<string, unknown>> }).results[0];
    expect(full).toMatchObject({ text: '# Acme state\n\nLaunch planned for Q3; Dana owns the press kit.', textSpan: { from: 4, to: 6, of: 'lines', cut: false } });
    expect(textOf(withText)).toContain('   | Launch planned for Q3; Dana owns the press kit.');
  });

  it(`refuses a context over ${LIMITS.contextPassages}`, async () => {
    const result = await t.call(client, 'search', { query: 'press kit', context: LIMITS.contextPassages + 1 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/context/);
  });
});

describe('MCP find', () => {
  it('finds files by name and path as the palette does: same order, same total', async () => {
    for (const query of ['state', 'acme', 'recipes', 'png', 'acme state']) {
      const palette = (await t.app.inject(`/vault/find?q=${encodeURIComponent(query)}`)).json() as { results: Array<{ path: string }>; total: number };
      const found = await t.call(client, 'find', { query });
      expect(found.isError, query).toBeFalsy();
      const structured = found.structuredContent as { results: Array<{ path: string }>; total: number };
      expect(
        structured.results.map((r) => r.path),
        query,
      ).toEqual(palette.results.map((r) => r.path));
      expect(structured.total, query).toBe(palette.total);
    }
    const found = await t.call(client, 'find', { query: 'state' });
    expect((found.structuredContent as { results: Array<{ path: string }> }).results[0]!.path).toBe('projects/acme/state.md');
    expect(textOf(found)).toMatch(/^\d+ files? named like "state":\n1\. projects\/acme\/state\.md \(note, /);
  });

  it("keeps the palette's limit: bounded by the same maximum, cutting the list and saying how many more", async () => {
    const one = await t.call(client, 'find', { query: 'md', limit: 1 });
    const structured = one.structuredContent as { results: unknown[]; total: number };
    expect(structured.results).toHaveLength(1);
    expect(structured.total).toBeGreaterThan(1);
    expect(textOf(one)).toContain(`… ${structured.total - 1} more`);
    expect((await t.call(client, 'find', { query: 'md', limit: LIMITS.results + 1 })).isError).toBe(true);
    expect((await t.app.inject(`/vault/find?q=md&limit=${LIMITS.results + 1}`)).statusCode).toBe(400);
  });

  it('finds nothing for tree.md (generated: the tree tool shows it), as the palette does', async () => {
    const found = await t.call(client, 'find', { query: 'tree' });
    expect((found.structuredContent as { results: unknown[] }).results).toEqual([]);
    expect(textOf(found)).toContain('No file names or paths hold "tree"');
  });
});
