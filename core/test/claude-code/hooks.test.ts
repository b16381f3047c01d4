// The plugin's hooks as Claude Code runs them (the commands of hooks.json, the JSON it sends on
// stdin), against a real Knower app on a real port, and against no service at all.
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UpdateRecord } from '../../src/records/index.js';
import { freePort } from '../helpers/free-port.js';
import { makeTempDir, waitFor } from '../helpers/temp-dir.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { declaredHooks, makeRepository, pluginRoot, runHook, sessionStartInput, transcriptFixture } from './hook-runner.js';

const CONCLUSIONS = [
  'We will cache API responses in SQLite with WAL mode enabled, keyed by URL and ETag; entries expire after 10 minutes.',
  'The repository holds README.md only, so the cache module goes in src/cache.ts.',
  'Created src/cache.ts: a SQLite-backed cache (WAL mode) with get/set and a 10-minute TTL.',
];
const AFTER_COMPACTION = 'The watcher test was flaky because it wrote files before the watcher reported ready; waiting for the ready event fixes it.';

let t: TestApp;
let url: string;
let scratch: { dir: string; cleanup: () => Promise<void> };
let repo: string;

beforeAll(async () => {
  scratch = await makeTempDir('knower-hooks-');
  repo = path.join(scratch.dir, 'code', 'zebra-app');
  await makeRepository(repo);
  t = await startTestApp({
    prepare: async (vault) => {
      const write = async (rel: string, text: string) => {
        await mkdir(path.dirname(path.join(vault, rel)), { recursive: true });
        await writeFile(path.join(vault, rel), text);
      };
      await write('projects/zebra-app/state.md', '# State\n\nThe API client is done; caching is next.\n');
      await write('projects/zebra-app/tasks.md', '# Tasks\n\n- [ ] Add the response cache\n- [x] Write the API client\n- [ ] Fix the flaky watcher test\n');
      await write('projects/zebra-app/changelog.md', '# Changelog\n\n## 2025-05-20 10:00 UTC · update u-1\n- Chose SQLite WAL for the cache\n');
    },
  });
  await t.knower.whenSettled();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.knower.queue.whenIdle();
  await t.close();
  await scratch.cleanup();
});

/** The environment Claude Code would give the hooks here: a home, the plugin's data folder, the service. */
const env = (extra: Record<string, string> = {}) => ({ HOME: scratch.dir, CLAUDE_PLUGIN_DATA: path.join(scratch.dir, 'plugin-data'), KNOWER_URL: url, ...extra });
const captures = (): UpdateRecord[] => t.knower.queue.recent(1000).filter((r) => r.text.startsWith('Notes from a Claude Code session'));

describe('hooks.json', () => {
  it('declares SessionStart for every source, PreCompact and SessionEnd, with commands inside the plugin', async () => {
    const hooks = await declaredHooks();
    expect(Object.keys(hooks).sort()).toEqual(['PreCompact', 'SessionEnd', 'SessionStart']);
    expect(hooks.SessionStart?.[0]?.matcher).toBe('startup|resume|clear|compact');
    for (const [event, entries] of Object.entries(hooks)) {
      const command = entries[0]?.hooks[0]?.command ?? '';
      // Each hook bundled into one CommonJS file (core/scripts/bundle-hooks.ts): a hook costs about one start of Node.
      expect(command, event).toMatch(/^node "\$\{CLAUDE_PLUGIN_ROOT\}\/hooks\/vendor\/[a-z-]+\.cjs"$/);
      expect(existsSync(path.join(pluginRoot, command.replace(/^node "\$\{CLAUDE_PLUGIN_ROOT\}\//, '').replace(/"$/, ''))), event).toBe(true);
    }
  });
});

describe('SessionStart', () => {
  it('prints the brief of the project named like the repository, within the budget, for every source', async () => {
    for (const source of ['startup', 'resume', 'clear', 'compact']) {
      const run = await runHook('SessionStart', await sessionStartInput(path.join(repo, 'src'), source), env());
      expect(run.code, source).toBe(0);
      expect(run.stderr, source).toBe('');
      expect(run.stdout, source).toMatch(/^# Knower: project zebra-app\n/);
      expect(run.stdout).toContain('The API client is done; caching is next.');
      expect(run.stdout).toContain('- [ ] Add the response cache\n- [ ] Fix the flaky watcher test');
      expect(run.stdout).toContain('Chose SQLite WAL for the cache');
      expect(Math.ceil(run.stdout.length / 4)).toBeLessThanOrEqual(1000);
    }
  });

  it('keeps to a smaller budget when told, and prints nothing when the brief is turned off', async () => {
    const input = await sessionStartInput(repo, 'startup');
    const small = await runHook('SessionStart', input, env({ KNOWER_BRIEF_TOKENS: '120' }));
    expect(small.code).toBe(0);
    expect(Math.ceil(small.stdout.length / 4)).toBeLessThanOrEqual(120);
    expect(small.stdout).toContain('# Knower: project zebra-app');
    const off = await runHook('SessionStart', input, env({ KNOWER_BRIEF_TOKENS: '0' }));
    expect(off).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('exits 0 with no output when the service is stopped, or does not answer', async () => {
    const input = await sessionStartInput(repo, 'startup');
    const stopped = await runHook('SessionStart', input, env({ KNOWER_URL: `http://127.0.0.1:${await freePort()}` }));
    expect(stopped).toEqual({ code: 0, stdout: '', stderr: '' });
    // A process that accepts connections and never answers: the hook gives up on its own.
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const hung = await runHook('SessionStart', input, env({ KNOWER_URL: `http://127.0.0.1:${(silent.address() as AddressInfo).port}` }));
      expect(hung).toEqual({ code: 0, stdout: '', stderr: '' });
    } finally {
      silent.close();
    }
    const garbage = await runHook('SessionStart', 'not json at all', env({ KNOWER_URL: 'not a url' }));
    expect(garbage).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});

describe('PreCompact and SessionEnd', () => {
  it('send what the session established as exactly one update, once, and later only what is new', async () => {
    const before = captures().length;
    const preCompact = await transcriptFixture('pre-compact', repo, scratch.dir);
    const first = await runHook('PreCompact', preCompact, env());
    expect(first).toEqual({ code: 0, stdout: '', stderr: '' });
    const sent = await waitFor(() => (captures().length === before + 1 ? captures()[0] : undefined), 5_000, 'one captured update');
    for (const conclusion of CONCLUSIONS) expect(sent.text).toContain(conclusion);
    expect(sent.text).toContain('Asked: The API responses are slow. How should we cache them?');
    expect(sent.text).toContain('It belongs to the project zebra-app (projects/zebra-app/)');
    expect(sent.text).toContain('captured before the conversation was compacted');
    expect(sent.text).toContain(`in the repository zebra-app (${repo}, branch `);
    expect(sent.text).toContain('Files edited: src/cache.ts.');
    // Tool calls, command echoes and the compaction machinery are not what the session established.
    expect(sent.text).not.toMatch(/Let me check|tool_use|<command-name>|system-reminder/);

    // The same hook again: nothing new to send.
    await runHook('PreCompact', preCompact, env());
    // Its record of what was sent lost: the Idempotency-Key still files it once.
    await rm(path.join(scratch.dir, 'plugin-data'), { recursive: true, force: true });
    await runHook('PreCompact', preCompact, env());
    expect(captures()).toHaveLength(before + 1);

    // After compaction the session goes on; at its end only the new exchange is sent.
    const end = await runHook('SessionEnd', await transcriptFixture('session-end', repo, scratch.dir), env());
    expect(end).toEqual({ code: 0, stdout: '', stderr: '' });
    const last = await waitFor(() => (captures().length === before + 2 ? captures()[0] : undefined), 5_000, 'the SessionEnd capture');
    expect(last.text).toContain(AFTER_COMPACTION);
    expect(last.text).toContain('captured as the session ended');
    for (const conclusion of CONCLUSIONS) expect(last.text).not.toContain(conclusion);
  });

  it('send nothing with capture off, or for an event left out of KNOWER_CAPTURE', async () => {
    const before = captures().length;
    const data = path.join(scratch.dir, 'data-off');
    const input = await transcriptFixture('pre-compact', repo, scratch.dir);
    for (const setting of ['off', 'sessionend']) {
      const run = await runHook('PreCompact', { ...input, session_id: `off-${setting}` }, env({ KNOWER_CAPTURE: setting, CLAUDE_PLUGIN_DATA: data }));
      expect(run).toEqual({ code: 0, stdout: '', stderr: '' });
    }
    const ended = await runHook('SessionEnd', { ...input, hook_event_name: 'SessionEnd', session_id: 'off-end' }, env({ KNOWER_CAPTURE: 'off', CLAUDE_PLUGIN_DATA: data }));
    expect(ended.code).toBe(0);
    await t.knower.queue.whenIdle();
    expect(captures()).toHaveLength(before);
    expect(existsSync(data)).toBe(false);
  });

  it('keep a capture within KNOWER_CAPTURE_MAX_CHARS, latest exchanges first', async () => {
    const before = captures().length;
    const input = await transcriptFixture('pre-compact', repo, scratch.dir);
    await runHook('PreCompact', { ...input, session_id: 'small' }, env({ KNOWER_CAPTURE_MAX_CHARS: '700', CLAUDE_PLUGIN_DATA: path.join(scratch.dir, 'data-small') }));
    const sent = await waitFor(() => (captures().length === before + 1 ? captures()[0] : undefined), 5_000, 'the bounded capture');
    expect(sent.text.length).toBeLessThanOrEqual(700);
    expect(sent.text).toContain(CONCLUSIONS[2]);
    expect(sent.text).not.toContain(CONCLUSIONS[0]);
    expect(sent.text).toMatch(/\(\d earlier exchanges? left out\.\)/);
  });

  it('exit 0 with no output when the service is stopped, and send it at the next capture', async () => {
    const data = path.join(scratch.dir, 'data-down');
    const input = { ...(await transcriptFixture('pre-compact', repo, scratch.dir)), session_id: 'down' };
    const down = await runHook('PreCompact', input, env({ KNOWER_URL: `http://127.0.0.1:${await freePort()}`, CLAUDE_PLUGIN_DATA: data }));
    expect(down).toEqual({ code: 0, stdout: '', stderr: '' });
    // Kept for later: the capture waits in the plugin's spool.
    expect(readdirSync(path.join(data, 'spool')).filter((n) => n.endsWith('.json'))).toHaveLength(1);
    const before = captures().length;
    await runHook('SessionEnd', { ...input, hook_event_name: 'SessionEnd' }, env({ CLAUDE_PLUGIN_DATA: data }));
    const sent = await waitFor(() => (captures().length === before + 1 ? captures()[0] : undefined), 5_000, 'the capture once the service is back');
    for (const conclusion of CONCLUSIONS) expect(sent.text).toContain(conclusion);
  });
});
