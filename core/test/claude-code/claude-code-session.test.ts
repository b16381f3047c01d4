// The real Claude Code (the pinned @anthropic-ai/claude-code) running sessions with the plugin
// loaded, its model a local fake Messages API: the brief reaches the model, Knower's MCP tools
// are offered, PreCompact files the session, and SessionEnd files it even when Knower answers
// later than Claude Code waits for a SessionEnd hook, without the secrets pasted into it.
// Offline: HOME is a scratch folder.
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropicServer, text, type FakeAnthropicServer, type ScriptStep, type WireRequest } from '../fakes/fake-anthropic-server.js';
import { startSlowKnowerProxy } from '../fakes/slow-knower-proxy.js';
import { makeTempDir, waitFor } from '../helpers/temp-dir.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { fakeSecrets, filesUnder, leaks } from './fake-secrets.js';
import { makeRepository, pluginRoot } from './hook-runner.js';
import { childOutput } from '../helpers/child-output.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const claudeBin = path.join(repoRoot, 'node_modules', '.bin', 'claude');
const CONCLUSION = 'We will cache API responses in SQLite with WAL mode, keyed by URL and ETag.';

/** What the person typed last (Claude Code wraps it with reminders in the same message). */
function lastTyped(req: WireRequest): string {
  const last = [...req.messages].reverse().find((m) => m.role === 'user');
  if (!last) return '';
  return typeof last.content === 'string' ? last.content : last.content.map((b) => (b.type === 'text' ? String(b.text) : '')).join('\n');
}

/** Answers whatever Claude Code asks, in order: the caching question, a compaction summary, anything else. */
const answer: ScriptStep = {
  kind: 'dynamic',
  respond: (req) => {
    const typed = lastTyped(req);
    if (/cache them/.test(typed)) return { kind: 'message', content: [text(CONCLUSION)] };
    if (/summary/i.test(typed)) return { kind: 'message', content: [text('<summary>The person asked how to cache API responses: SQLite in WAL mode.</summary>')] };
    return { kind: 'message', content: [text('Done.')] };
  },
};

let t: TestApp;
let model: FakeAnthropicServer;
let scratch: { dir: string; cleanup: () => Promise<void> };
let repo: string;
let knowerUrl: string;

beforeAll(async () => {
  scratch = await makeTempDir('knower-claude-session-');
  repo = path.join(scratch.dir, 'code', 'zebra-app');
  await makeRepository(repo);
  await mkdir(path.join(scratch.dir, 'home'), { recursive: true });
  t = await startTestApp({
    prepare: async (vault) => {
      await mkdir(path.join(vault, 'projects', 'zebra-app'), { recursive: true });
      await writeFile(path.join(vault, 'projects', 'zebra-app', 'state.md'), '# State\n\nThe API client is done; caching is next.\n');
      await writeFile(path.join(vault, 'projects', 'zebra-app', 'tasks.md'), '# Tasks\n\n- [ ] Add the response cache\n');
    },
  });
  await t.knower.whenSettled();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  knowerUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  model = await startFakeAnthropicServer(Array.from({ length: 40 }, () => answer));
});
afterAll(async () => {
  await t.knower.queue.whenIdle();
  await t.close();
  await model.close();
  await scratch.cleanup();
});

function claude(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return childOutput(
    spawn(claudeBin, [...args, '--plugin-dir', pluginRoot], {
      cwd: repo,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: path.join(scratch.dir, 'home'),
        TMPDIR: scratch.dir,
        PWD: repo,
        ANTHROPIC_API_KEY: 'sk-test-not-a-key',
        ANTHROPIC_BASE_URL: model.baseURL,
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        DISABLE_AUTOUPDATER: '1',
        KNOWER_URL: knowerUrl,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
}

const captures = () => t.knower.queue.recent(100).filter((r) => r.text.startsWith('Notes from a Claude Code session'));
const sent = (req: { body: WireRequest }) => JSON.stringify(req.body);

describe('a Claude Code session with the plugin', () => {
  it('starts with the project brief and Knower’s MCP tools, and PreCompact files what it established', async () => {
    // Capture at compaction only: the print-mode session below ends before it is compacted.
    const env = { KNOWER_CAPTURE: 'precompact' };
    const asked = await claude(['-p', 'The API responses are slow. How should we cache them?'], env);
    expect(asked.code, asked.stderr).toBe(0);
    expect(asked.stdout).toContain(CONCLUSION);
    const first = model.requests.find((r) => sent(r).includes('cache them'));
    expect(first, 'the question reached the model').toBeDefined();
    expect(sent(first!)).toContain('SessionStart:startup hook success: # Knower: project zebra-app');
    expect(sent(first!)).toContain('The API client is done; caching is next.');
    const tools = (first!.body.tools ?? []).map((tool) => tool.name);
    expect(tools).toEqual(expect.arrayContaining(['mcp__plugin_knower_knower__outline', 'mcp__plugin_knower_knower__section', 'mcp__plugin_knower_knower__search']));
    expect(captures()).toHaveLength(0);

    const compacted = await claude(['-c', '-p', '/compact'], env);
    expect(compacted.code, compacted.stderr).toBe(0);
    const filed = await waitFor(() => (captures().length === 1 ? captures()[0] : undefined), 10_000, 'the PreCompact capture');
    expect(filed.text).toContain(`Concluded: ${CONCLUSION}`);
    expect(filed.text).toContain('captured before the conversation was compacted');
    expect(filed.text).toContain('It belongs to the project zebra-app');
  }, 180_000);

  it('files the session at its end, once, without its secrets, when Knower answers 5 s late', async () => {
    // Claude Code gives SessionEnd hooks 1.5 s: a hook that waited for this service would be cancelled.
    const slow = await startSlowKnowerProxy(knowerUrl, 5000);
    try {
      const s = fakeSecrets();
      const asked = `The deploy key is ${s.anthropic} and DB_PASSWORD=${s.dbPassword}; the API responses are slow. How should we cache them?`;
      const session = await claude(['-p', asked], { KNOWER_URL: slow.url, KNOWER_CAPTURE: 'sessionend' });
      expect(session.code, session.stderr).toBe(0);
      const ours = () => captures().filter((r) => r.text.includes('DB_PASSWORD=[secret removed]'));
      const filed = await waitFor(() => ours()[0], 60_000, 'the SessionEnd capture');
      expect(filed.text).toContain('captured as the session ended');
      expect(filed.text).toContain(`Concluded: ${CONCLUSION}`);
      expect(filed.text).toContain('[2 secrets removed before sending]');
      // Claude Code's data folder for the plugin (CLAUDE_PLUGIN_DATA): where the hooks keep the spool.
      const pluginData = path.join(scratch.dir, 'home', '.claude', 'plugins', 'data');
      await waitFor(async () => !Object.keys(await filesUnder(pluginData)).some((f) => /[\\/]spool[\\/][^\\/]+\.json$/.test(f)), 20_000, 'an empty spool');
      await t.knower.queue.whenIdle();
      expect(ours()).toHaveLength(1);
      const sent = Object.fromEntries(slow.requests.map((r, i) => [`request ${i} ${r.method} ${r.url}`, r.body]));
      expect(leaks({ ...sent, ...(await filesUnder(pluginData)) }, s)).toEqual([]);
    } finally {
      await slow.close();
    }
  }, 180_000);
});
