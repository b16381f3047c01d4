import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateEnded } from '../helpers/test-app.js';
import { startMcpApp, textOf, type McpFixture } from './mcp-client.js';

let t: McpFixture;
let client: Client;

beforeAll(async () => {
  t = await startMcpApp();
  client = await t.connect();
});
afterAll(() => t.close());

describe('MCP over streamable HTTP', () => {
  it('lists exactly its tools, annotated, with every input described', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['ask', 'find', 'outline', 'read', 'remember', 'search', 'section', 'stats', 'tree']);
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(80);
      expect(tool.annotations?.openWorldHint, tool.name).toBe(false);
      const props = tool.inputSchema.properties as Record<string, { description?: string }>;
      for (const [field, schema] of Object.entries(props)) expect(schema.description, `${tool.name}.${field}`).toBeTruthy();
    }
    const hints = Object.fromEntries(tools.map((tool) => [tool.name, [tool.annotations?.readOnlyHint, tool.annotations?.destructiveHint, tool.annotations?.idempotentHint]]));
    expect(hints).toEqual({
      search: [true, false, true],
      find: [true, false, true],
      read: [true, false, true],
      tree: [true, false, true],
      outline: [true, false, true],
      section: [true, false, true],
      stats: [true, false, true],
      ask: [true, false, true],
      remember: [false, false, false],
    });
    // Fields with defaults are optional for the client.
    expect(tools.find((tool) => tool.name === 'search')?.inputSchema.required).toEqual(['query']);
  });

  it('search returns hits as text and structured content', async () => {
    const result = await t.call(client, 'search', { query: 'launch', limit: 5 });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain('projects/acme/state.md');
    const structured = result.structuredContent as { results: Array<{ path: string }>; mode: string };
    expect(structured.mode).toBe('fast');
    expect(structured.results.map((hit) => hit.path)).toEqual(['projects/acme/state.md']);
    const scoped = await t.call(client, 'search', { query: 'levain', scope: 'project:acme' });
    expect((scoped.structuredContent as { results: unknown[] }).results).toEqual([]);
  });

  it('read returns the note with its frontmatter', async () => {
    const result = await t.call(client, 'read', { path: 'projects/acme/state.md' });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toMatch(/^---\n[\s\S]*created:[\s\S]*---\n# Acme state\n\nLaunch planned for Q3/);
  });

  it('tree lists the vault and one folder', async () => {
    const whole = textOf(await t.call(client, 'tree', {}));
    expect(whole).toContain('(vault root)');
    expect(whole).toMatch(/- projects\/ · \d+ files/);
    const acme = textOf(await t.call(client, 'tree', { path: 'projects/acme', depth: 1 }));
    expect(acme).toContain('state.md ·');
    expect(acme).toContain('logo.png · file');
  });

  it('ask answers in markdown with sources (offline provider here)', async () => {
    const result = await t.call(client, 'ask', { question: 'When is the acme launch?' });
    expect(result.isError).toBeFalsy();
    const answer = result.structuredContent as { markdown: string; sources: string[]; offline?: boolean };
    expect(answer.offline).toBe(true);
    expect(answer.markdown).toContain('Launch planned for Q3');
    expect(answer.sources).toContain('projects/acme/state.md');
    expect(textOf(result)).toContain('Sources:\n- projects/acme/state.md');
  });

  it('remember queues an update that the agent then files into the vault', async () => {
    const result = await t.call(client, 'remember', { text: 'Dentist appointment on Friday at 10:00.' });
    expect(result.isError).toBeFalsy();
    const { id, status } = result.structuredContent as { id: string; status: string };
    expect(status).toBe('queued');
    expect(textOf(result)).toContain(`GET /updates/${id}`);
    const record = await updateEnded(t, id, 15_000);
    expect(record.status).toBe('done');
    const note = record.files?.find((f) => f.endsWith('.md') && f.startsWith('bucket/'));
    expect(note).toBeDefined();
    expect(await readFile(path.join(t.vault, note!), 'utf8')).toContain('Dentist appointment on Friday');
  });
});

describe('a structured result reads on its own', () => {
  // Some clients (Claude Code among them) hand the model only the structured result as JSON: what
  // the text tells the model to do with the result must be in it too.
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ['search', { query: 'launch' }, /read the lines of a passage/],
    ['search', { query: 'launch', context: 1 }, /files as they are now/],
    ['search', { query: 'zzyzx-nowhere' }, /No matches for "zzyzx-nowhere"\. Try other words/],
    ['find', { query: 'state' }, /Open a file with read/],
    ['find', { query: 'zzyzx-nowhere' }, /No file names or paths hold "zzyzx-nowhere"/],
    ['outline', { path: 'projects/acme/state.md' }, /read it whole with read|Read one part with section/],
    ['remember', { text: 'The acme kickoff room is B12.' }, /in the background[\s\S]*Knower inbox/],
  ];
  it.each(cases)('%s %j says what to do next in its structured content', async (tool, input, advice) => {
    const result = await t.call(client, tool, input);
    expect(result.isError).toBeFalsy();
    const structured = result.structuredContent as { advice?: string };
    expect(structured.advice).toMatch(advice);
    // The same words the text gives (find lists its paths without repeating how to open them).
    if (tool !== 'find' || textOf(result).startsWith('No file')) expect(textOf(result)).toContain(structured.advice);
  });
});

describe('MCP tool errors say what to do', () => {
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ['read', { path: '../outside.md' }, /must not contain "\.\."[\s\S]*relative to the vault root/],
    ['read', { path: '/etc/passwd' }, /relative to the vault root/],
    ['read', { path: '.git/config' }, /dot-folders/],
    ['read', { path: 'projects/acme' }, /is a folder: list it with the tree tool/],
    ['read', { path: 'projects/acme/missing.md' }, /projects\/acme\/missing\.md does not exist\. Use tree or search/],
    ['read', { path: 'tree.md' }, /tree\.md is generated from the files on disk: use the tree tool/],
    ['tree', { path: '../..' }, /must not contain "\.\."/],
    ['tree', { path: 'projects/acme/state.md' }, /is a file, not a folder: open it with read/],
    ['tree', { path: 'nowhere' }, /No files under nowhere\//],
    ['search', { query: 'x', scope: '../etc' }, /scope must look like "project:<name>"/],
    ['search', { query: '' }, /Input validation error/],
    ['remember', { text: '   ' }, /empty_update\): the update has no text/],
    ['ask', { question: 42 }, /Input validation error/],
  ];
  for (const [tool, args, message] of cases) {
    it(`${tool} ${JSON.stringify(args)}`, async () => {
      const result = await t.call(client, tool, args);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(message);
    });
  }

  it('read describes a binary file instead of returning its bytes', async () => {
    const result = await t.call(client, 'read', { path: 'projects/acme/logo.png' });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toMatch(/^projects\/acme\/logo\.png is a binary file \(png, \d+ B\); it cannot be shown as text/);
  });

  it('an unknown tool is a tool error too', async () => {
    const result = await t.call(client, 'write', { path: 'x.md' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('Tool write not found');
  });
});

describe('the /mcp endpoint', () => {
  it('is stateless: GET and DELETE are 405, POST carries no session id', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(t.url, { method, headers: { accept: 'text/event-stream' } });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
    const init = await fetch(t.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }),
    });
    expect(init.status).toBe(200);
    expect(init.headers.get('mcp-session-id')).toBeNull();
    expect(await init.text()).toContain('"name":"knower"');
  });

  it('answers tools/call without a prior initialize (no session to lose across restarts)', async () => {
    const response = await fetch(t.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'read', arguments: { path: 'bucket/recipes.md' } } }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Sourdough needs a levain');
  });
});

describe('MCP with KNOWER_TOKEN set', () => {
  const token = 'mcp-test-token-0123456789abcdef';
  let secured: McpFixture;
  beforeAll(async () => {
    secured = await startMcpApp({ KNOWER_TOKEN: token });
  });
  afterAll(() => secured.close());

  it('refuses a client without the token and serves one that sends it', async () => {
    await expect(secured.connect()).rejects.toThrow(/"error":"unauthorized"/);
    await expect(secured.connect({ Authorization: 'Bearer not-the-token-at-all' })).rejects.toThrow(/"error":"unauthorized"/);
    const authed = await secured.connect({ Authorization: `Bearer ${token}` });
    expect(textOf(await secured.call(authed, 'read', { path: 'bucket/recipes.md' }))).toContain('Sourdough');
  });
});
