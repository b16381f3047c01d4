import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

export interface McpFixture extends TestApp {
  url: URL;
  /** A connected SDK client; `headers` are sent on every request (e.g. Authorization). */
  connect(headers?: Record<string, string>): Promise<Client>;
  call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult>;
}

/** The first text block of a tool result. */
export const textOf = (result: CallToolResult): string => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');

/** A real app on a real port with a small vault, ready for a real MCP client. */
export async function startMcpApp(env: Record<string, string> = {}): Promise<McpFixture> {
  const t = await startTestApp({
    env,
    prepare: async (vault) => {
      const write = async (rel: string, text: string | Buffer) => {
        await mkdir(path.dirname(path.join(vault, rel)), { recursive: true });
        await writeFile(path.join(vault, rel), text);
      };
      await write('projects/acme/state.md', '---\ncreated: 2025-03-01\n---\n# Acme state\n\nLaunch planned for Q3; Dana owns the press kit.\n');
      await write('projects/acme/logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      await write('bucket/recipes.md', '# Recipes\n\nSourdough needs a levain.\n');
    },
  });
  await t.knower.whenSettled();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const url = new URL(`http://127.0.0.1:${port}/mcp`);
  const clients: Client[] = [];
  return {
    ...t,
    url,
    async connect(headers = {}) {
      const client = new Client({ name: 'knower-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
      clients.push(client);
      return client;
    },
    call: async (client, name, args) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    async close() {
      await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
      // app.close() does not wait for a running update: let accepted ones finish first.
      await t.knower.queue.whenIdle();
      await t.close();
    },
  };
}
