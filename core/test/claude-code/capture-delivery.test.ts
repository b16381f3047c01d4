// No capture is lost at session end: the capture hooks spool what they capture and return at
// once (Claude Code gives SessionEnd hooks 1.5 s), a detached sender delivers it, once per
// session and transcript range, whatever the service's speed; a refused token is said once.
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UpdateRecord } from '../../src/records/index.js';
import { startSlowKnowerProxy, type SlowKnowerProxy } from '../fakes/slow-knower-proxy.js';
import { makeTempDir, waitFor } from '../helpers/temp-dir.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { appendExchanges, makeRepository, runHook, sessionStartInput } from './hook-runner.js';

const TOKEN = 'the-right-token-0123456789abcdef';
const FIRST = { asked: 'Where should the retry budget live?', concluded: 'The retry budget lives in src/retry.ts: three attempts, 2 s then 8 s apart.' };
const RESUMED = { asked: 'And the jitter?', concluded: 'Jitter is full jitter, up to the delay itself, so that clients do not retry in step.' };

let scratch: { dir: string; cleanup: () => Promise<void> };
let repo: string;

/** A Knower with the project zebra-app, behind a proxy that answers `delayMs` late. */
async function knowerBehindProxy(delayMs: number, env: Record<string, string> = {}): Promise<{ t: TestApp; proxy: SlowKnowerProxy }> {
  const t = await startTestApp({
    env,
    prepare: async (vault) => {
      await mkdir(path.join(vault, 'projects', 'zebra-app'), { recursive: true });
      await writeFile(path.join(vault, 'projects', 'zebra-app', 'state.md'), '# State\n\nThe client retries failed calls.\n');
    },
  });
  await t.knower.whenSettled();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const proxy = await startSlowKnowerProxy(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`, delayMs);
  return { t, proxy };
}

beforeAll(async () => {
  scratch = await makeTempDir('knower-capture-delivery-');
  repo = path.join(scratch.dir, 'code', 'zebra-app');
  await makeRepository(repo);
});
afterAll(() => scratch.cleanup());

const captures = (t: TestApp): UpdateRecord[] => t.knower.queue.recent(1000).filter((r) => r.text.startsWith('Notes from a Claude Code session'));
const spooled = (data: string): string[] => (existsSync(path.join(data, 'spool')) ? readdirSync(path.join(data, 'spool')).filter((n) => n.endsWith('.json')) : []);
const hookEnv = (data: string, url: string, extra: Record<string, string> = {}) => ({ HOME: scratch.dir, CLAUDE_PLUGIN_DATA: data, KNOWER_URL: url, ...extra });

describe('SessionEnd with a service that answers 5 s late', () => {
  let t: TestApp;
  let proxy: SlowKnowerProxy;
  beforeAll(async () => ({ t, proxy } = await knowerBehindProxy(5000)));
  afterAll(async () => {
    await proxy.close();
    await t.knower.queue.whenIdle();
    await t.close();
  });

  it('returns before the service answers; the capture arrives once, and a resumed session files only what is new', async () => {
    const data = path.join(scratch.dir, 'data-slow');
    const transcript = path.join(scratch.dir, 'slow.jsonl');
    const session = 'c0ffee00-0000-4000-8000-000000000010';
    const ended = await runHook('SessionEnd', await appendExchanges(transcript, session, repo, [FIRST]), hookEnv(data, proxy.url));
    proxy.log.push('SessionEnd returned');
    expect(ended).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(spooled(data)).toHaveLength(1);

    // The session is resumed while the first capture is still on its way, and ends again.
    const resumed = await runHook('SessionEnd', await appendExchanges(transcript, session, repo, [RESUMED]), hookEnv(data, proxy.url));
    proxy.log.push('resumed SessionEnd returned');
    expect(resumed).toEqual({ code: 0, stdout: '', stderr: '' });

    const filed = await waitFor(() => (captures(t).length === 2 ? captures(t).reverse() : undefined), 90_000, 'both captures');
    await waitFor(() => spooled(data).length === 0, 10_000, 'an empty spool');
    // Ordering, not timing: the hook had returned before the service sent its first answer.
    expect(proxy.log.indexOf('SessionEnd returned')).toBeLessThan(proxy.log.findIndex((line) => line.startsWith('answered ')));
    expect(proxy.log.filter((line) => line === 'answered POST /update')).toHaveLength(2);
    expect(filed[0]!.text).toContain(FIRST.concluded);
    expect(filed[0]!.text).not.toContain(RESUMED.concluded);
    expect(filed[0]!.text).toContain('captured as the session ended');
    expect(filed[0]!.text).toContain('It belongs to the project zebra-app');
    expect(filed[1]!.text).toContain(RESUMED.concluded);
    expect(filed[1]!.text).not.toContain(FIRST.concluded);

    // Ended once more with nothing new: nothing more is sent.
    proxy.delayMs = 0;
    await runHook('SessionEnd', { session_id: session, transcript_path: transcript, cwd: repo, hook_event_name: 'SessionEnd', reason: 'other' }, hookEnv(data, proxy.url));
    await t.knower.queue.whenIdle();
    expect(captures(t)).toHaveLength(2);
    expect(proxy.log.filter((line) => line === 'answered POST /update')).toHaveLength(2);
  }, 120_000);
});

describe('a capture while the service is down', () => {
  let t: TestApp;
  let proxy: SlowKnowerProxy;
  beforeAll(async () => ({ t, proxy } = await knowerBehindProxy(0)));
  afterAll(async () => {
    await proxy.close();
    await t.knower.queue.whenIdle();
    await t.close();
  });

  it('waits in the spool, and the next SessionStart hands it to the sender', async () => {
    const data = path.join(scratch.dir, 'data-down');
    const transcript = path.join(scratch.dir, 'down.jsonl');
    const input = await appendExchanges(transcript, 'c0ffee00-0000-4000-8000-000000000020', repo, [FIRST]);
    const down = await runHook('SessionEnd', input, hookEnv(data, 'http://127.0.0.1:9'));
    expect(down).toEqual({ code: 0, stdout: '', stderr: '' });
    // No service to send it to: the capture stays.
    expect(spooled(data)).toHaveLength(1);
    expect(captures(t)).toHaveLength(0);

    const start = await runHook('SessionStart', await sessionStartInput(repo, 'startup'), hookEnv(data, proxy.url));
    expect(start.stdout).toMatch(/^# Knower: project zebra-app\n/);
    const filed = await waitFor(() => captures(t)[0], 20_000, 'the spooled capture');
    expect(filed.text).toContain(FIRST.concluded);
    await waitFor(() => spooled(data).length === 0, 10_000, 'an empty spool');
    expect(captures(t)).toHaveLength(1);
  });
});

describe('a damaged capture in the spool', () => {
  let t: TestApp;
  let proxy: SlowKnowerProxy;
  beforeAll(async () => ({ t, proxy } = await knowerBehindProxy(0)));
  afterAll(async () => {
    await proxy.close();
    await t.knower.queue.whenIdle();
    await t.close();
  });

  it('is set aside, and the captures after it are sent', async () => {
    const data = path.join(scratch.dir, 'data-damaged');
    // Oldest first in the spool, and no text can be made of it (its count of removed secrets is missing).
    const damaged = {
      key: 'claude-code:damaged:u-1',
      session: 'damaged',
      n: 1,
      lastUuid: 'u-1',
      event: 'SessionEnd',
      cwd: repo,
      repo: 'zebra-app',
      capturedAt: '2000-01-01T00:00:00.000Z',
      maxChars: 6000,
      body: 'x',
    };
    await mkdir(path.join(data, 'spool'), { recursive: true });
    await writeFile(path.join(data, 'spool', 'damaged.000001.json'), JSON.stringify(damaged));
    const ended = await runHook('SessionEnd', await appendExchanges(path.join(scratch.dir, 'damaged.jsonl'), 'c0ffee00-0000-4000-8000-000000000040', repo, [FIRST]), hookEnv(data, proxy.url));
    expect(ended).toEqual({ code: 0, stdout: '', stderr: '' });
    const filed = await waitFor(() => captures(t)[0], 20_000, 'the capture after the damaged one');
    expect(filed.text).toContain(FIRST.concluded);
    await waitFor(() => spooled(data).length === 0, 10_000, 'an empty spool');
    expect(readdirSync(path.join(data, 'spool', 'rejected'))).toEqual(['damaged.000001.json']);
  });
});

describe('a token Knower refuses', () => {
  let t: TestApp;
  let proxy: SlowKnowerProxy;
  beforeAll(async () => ({ t, proxy } = await knowerBehindProxy(0, { KNOWER_TOKEN: TOKEN })));
  afterAll(async () => {
    await proxy.close();
    await t.knower.queue.whenIdle();
    await t.close();
  });

  it('is said once, in the next SessionStart; the captures wait in the spool until the token is fixed', async () => {
    const data = path.join(scratch.dir, 'data-token');
    const wrong = hookEnv(data, proxy.url, { KNOWER_TOKEN: 'a-wrong-token-0123456789abcdef' });
    const transcript = path.join(scratch.dir, 'token.jsonl');
    const ended = await runHook('SessionEnd', await appendExchanges(transcript, 'c0ffee00-0000-4000-8000-000000000030', repo, [FIRST]), wrong);
    expect(ended).toEqual({ code: 0, stdout: '', stderr: '' });
    await waitFor(() => proxy.requests.some((r) => r.status === 401), 10_000, 'the sender to be refused');

    const input = await sessionStartInput(repo, 'startup');
    const next = await runHook('SessionStart', input, wrong);
    expect(next).toEqual({
      code: 0,
      stdout: 'Knower refused the token: 1 capture is waiting in the spool; fix KNOWER_TOKEN (it must be the token the Knower service runs with).\n',
      stderr: '',
    });
    const again = await runHook('SessionStart', input, wrong);
    expect(again).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(spooled(data)).toHaveLength(1);
    expect(captures(t)).toHaveLength(0);

    const fixed = await runHook('SessionStart', input, hookEnv(data, proxy.url, { KNOWER_TOKEN: TOKEN }));
    expect(fixed.stdout).toMatch(/^# Knower: project zebra-app\n/);
    expect(fixed.stdout).not.toContain('refused');
    const filed = await waitFor(() => captures(t)[0], 20_000, 'the capture, once the token is right');
    expect(filed.text).toContain(FIRST.concluded);
    await waitFor(() => spooled(data).length === 0, 10_000, 'an empty spool');
    await t.knower.queue.whenIdle();
    expect(captures(t)).toHaveLength(1);
  });
});
