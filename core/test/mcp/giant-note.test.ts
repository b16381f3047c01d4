// outline and section on a 187 MB note: the service reads the note's first 4 MB, says so, and
// keeps answering meanwhile.
import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { textOf } from './mcp-client.js';

const MB = 1024 * 1024;
const NOTE = 'projects/big/build-log.md';

/** A build log of `mb` megabytes, a section every 50 lines, written a megabyte at a time. */
function writeBuildLog(file: string, mb: number): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const fd = openSync(file, 'w');
  let line = 0;
  try {
    writeSync(fd, '# Build log\n\n');
    for (let chunk = 0; chunk < mb; chunk++) {
      const parts: string[] = [];
      for (let size = 0; size < MB - 200; line++) {
        const text = line % 50 === 0 ? `## Step ${line / 50}\n\n` : `line ${line}: compiled module m${line % 1000} in ${line % 97} ms\n`;
        parts.push(text);
        size += text.length;
      }
      writeSync(fd, parts.join(''));
    }
  } finally {
    closeSync(fd);
  }
}

/** Bytes this process has read from files and sockets so far (Linux's own count). */
const bytesRead = () => Number(/^rchar: (\d+)$/m.exec(readFileSync('/proc/self/io', 'utf8'))?.[1]);

let t: TestApp;
let client: Client;
let base: string;

beforeAll(async () => {
  t = await startTestApp({ search: 'qmd', prepare: async (vault) => writeBuildLog(path.join(vault, NOTE), 187) });
  await t.knower.whenSettled();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  client = new Client({ name: 'knower-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
}, 300_000);

afterAll(async () => {
  await client?.close();
  await t?.close();
}, 60_000);

const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;

describe('a 187 MB note through MCP', () => {
  it('is outlined by its first 4 MB, saying so, while /health keeps answering; the service reads no more than that', async () => {
    const before = bytesRead();
    const [outline, health] = await Promise.all([call('outline', { path: NOTE }), fetch(`${base}/health`)]);
    const read = bytesRead() - before;
    // What the service read for it: the budget, not the note (the MCP exchange itself is small).
    expect(read).toBeLessThan(8 * MB);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { status: string }).status).toMatch(/^(ok|degraded)$/);
    expect(outline.isError).toBeFalsy();
    expect(textOf(outline)).toMatch(/^projects\/big\/build-log\.md: only the first 4 MB of this 187 MB note are outlined \(\d+ lines, \d+ headings in that part\)\n# Build log · lines 1-/);
    expect(outline.structuredContent).toMatchObject({ path: NOTE, truncated: true, readPart: 'only the first 4 MB of this 187 MB note are outlined' });
  });

  it('cuts a section from its first 4 MB, and says a heading past them is not seen', async () => {
    const before = bytesRead();
    const [section, health] = await Promise.all([call('section', { path: NOTE, heading: 'Step 10' }), fetch(`${base}/health`)]);
    expect(bytesRead() - before).toBeLessThan(8 * MB);
    expect(health.status).toBe(200);
    expect(section.structuredContent).toMatchObject({ heading: 'Step 10', level: 2, readPart: 'only the first 4 MB of this 187 MB note are read for sections' });
    expect((section.structuredContent as { text: string }).text).toMatch(/^## Step 10\n\nline 501: compiled module m501/);

    const far = await call('section', { path: NOTE, heading: 'Step 200000' });
    expect(far.isError).toBe(true);
    expect(textOf(far)).toMatch(/^projects\/big\/build-log\.md has no heading "Step 200000" \(only the first 4 MB of this 187 MB note are read for sections\)\. Its headings:/);
    expect(bytesRead() - before).toBeLessThan(16 * MB);
  });
});
