// The README against the running service: every route of its HTTP API table exists, the limits
// answer the statuses it gives, and its `claude mcp add` lines, run with the real Claude Code
// CLI, connect Claude Code to Knower (with and without a token).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config/paths.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { claudeMcpLines, codeSpans, section, tableRows } from './readme.js';

const run = promisify(execFile);

/** The real Claude Code CLI: the checkout's devDependency (`npm ci` installs it, with its binary). */
const claudeBin = path.join(repoRoot, 'node_modules', '.bin', 'claude');

function requireClaudeCode(): void {
  if (!existsSync(claudeBin)) throw new Error(`the Claude Code CLI is missing at ${claudeBin}: run npm ci at ${repoRoot} (it is a devDependency)`);
}

/** The routes of the README's HTTP API table: `GET /vault/file?path=` → GET /vault/file. */
function documentedRoutes(): Array<{ method: string; url: string }> {
  const routes: Array<{ method: string; url: string }> = [];
  for (const row of tableRows(section('HTTP API'))) {
    for (const span of codeSpans(row[0] ?? '')) {
      const [method = '', target = ''] = span.split(' ');
      if (!/^(GET|POST|PUT|DELETE)$/.test(method)) continue;
      routes.push({ method, url: (target.split('?')[0] ?? '').replace(/:(\w+)/g, 'x') });
    }
  }
  return routes;
}

describe("the README's HTTP API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('lists routes the service has', async () => {
    const routes = documentedRoutes();
    expect(routes.length).toBeGreaterThan(25);
    for (const { method, url } of routes) {
      // A documented route never answers "no route" (whatever the status for these made-up ids).
      // /sse never ends: it is asked for its first bytes only.
      if (url === '/sse') continue;
      const res = await t.app.inject({ method: method as 'GET', url, headers: { 'content-type': 'application/json' }, payload: method === 'POST' ? '{}' : undefined });
      const error = String(res.headers['content-type']).includes('json') ? res.json<{ error?: string }>().error : undefined;
      expect(error === 'not_found' && /^no route/.test(res.json<{ message: string }>().message), `${method} ${url}: ${res.body.slice(0, 120)}`).toBe(false);
    }
  });

  it('refuses input over a limit with the statuses it gives: 400 naming the field, 413 for what is too large', async () => {
    const question = await t.app.inject({ method: 'POST', url: '/search', payload: { query: 'q'.repeat(2001) } });
    expect(question.statusCode).toBe(400);
    expect(question.json<{ message: string }>().message).toContain('query is longer than 2000 characters');
    const text = await t.app.inject({ method: 'POST', url: '/update', payload: { text: 't'.repeat(100_001) } });
    expect(text.statusCode).toBe(413);
    expect(text.json<{ error: string }>().error).toBe('text_too_large');
    const body = await t.app.inject({ method: 'POST', url: '/search', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ query: 'x', pad: 'p'.repeat(1024 * 1024) }) });
    expect(body.statusCode).toBe(413);
  });
});

describe("the README's Claude Code lines, with the real Claude Code CLI", () => {
  const token = 'a-token-for-claude-code-1234';
  let open: TestApp;
  let guarded: TestApp;
  let home: { dir: string; cleanup: () => Promise<void> };
  const urlOf = (t: TestApp) => `http://127.0.0.1:${String((t.app.server.address() as AddressInfo).port)}/mcp`;

  beforeAll(async () => {
    requireClaudeCode();
    open = await startTestApp();
    guarded = await startTestApp({ env: { KNOWER_TOKEN: token } });
    await open.app.listen({ port: 0, host: '127.0.0.1' });
    await guarded.app.listen({ port: 0, host: '127.0.0.1' });
    home = await makeTempDir('knower-claude-home-');
  });
  afterAll(async () => {
    await open?.close();
    await guarded?.close();
    await home?.cleanup();
  });

  /** A README line as a shell runs it, with this test's service address; HOME is a scratch folder, nothing leaves the machine. */
  async function claude(line: string, url: string, homeDir: string): Promise<string> {
    const command = line.replace('http://127.0.0.1:8000/mcp', url).replace(/^claude /, `'${claudeBin}' `);
    const env = { PATH: process.env.PATH, HOME: homeDir, KNOWER_TOKEN: token, DISABLE_TELEMETRY: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', DISABLE_AUTOUPDATER: '1' };
    const { stdout, stderr } = await run('sh', ['-c', command], { env, timeout: 60_000 });
    return stdout + stderr;
  }

  it('adds Knower, and Claude Code connects to it (with the token where the line passes one)', { timeout: 180_000 }, async () => {
    const lines = claudeMcpLines();
    expect(lines.length).toBeGreaterThanOrEqual(1);
    for (const [i, line] of lines.entries()) {
      const withToken = line.includes('KNOWER_TOKEN');
      const target = withToken ? guarded : open;
      const dir = path.join(home.dir, `line-${String(i)}`);
      await mkdir(dir);
      expect(await claude(line, urlOf(target), dir), line).toContain('Added HTTP MCP server knower');
      expect(await claude('claude mcp list', '', dir), line).toContain(`knower: ${urlOf(target)} (HTTP) - ✔ Connected`);
      if (!withToken) continue;
      // The same line without its --header: the service with a token refuses it. The header is what connects.
      const bare = line.replace(/\s--header\s+('[^']*'|"[^"]*"|\S+)/, '');
      expect(bare).not.toBe(line);
      const refusedDir = `${dir}-no-header`;
      await mkdir(refusedDir);
      await claude(bare, urlOf(guarded), refusedDir);
      const refused = await claude('claude mcp list', '', refusedDir);
      expect(refused).toContain(`knower: ${urlOf(guarded)} (HTTP)`);
      expect(refused).not.toContain('✔ Connected');
    }
  });
});
