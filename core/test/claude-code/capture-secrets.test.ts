// Secrets pasted into a Claude Code session never leave the capture hooks: not to the service
// (what it received, on the wire), not into its records, the vault or the plugin's spool. The
// update says how many were removed. What a person sends on purpose is kept as sent.
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UpdateRecord } from '../../src/records/index.js';
import { startSlowKnowerProxy, type SlowKnowerProxy } from '../fakes/slow-knower-proxy.js';
import { makeTempDir, waitFor } from '../helpers/temp-dir.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { fakeSecrets, filesUnder, leaks } from './fake-secrets.js';
import { appendExchanges, makeRepository, runHook } from './hook-runner.js';

let t: TestApp;
let proxy: SlowKnowerProxy;
let scratch: { dir: string; cleanup: () => Promise<void> };
let repo: string;

beforeAll(async () => {
  scratch = await makeTempDir('knower-capture-secrets-');
  repo = path.join(scratch.dir, 'code', 'zebra-app');
  await makeRepository(repo);
  t = await startTestApp();
  await t.knower.whenSettled();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  proxy = await startSlowKnowerProxy(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`, 0);
});
afterAll(async () => {
  await proxy.close();
  await t.knower.queue.whenIdle();
  await t.close();
  await scratch.cleanup();
});

const data = () => path.join(scratch.dir, 'plugin-data');
const env = () => ({ HOME: scratch.dir, CLAUDE_PLUGIN_DATA: data(), KNOWER_URL: proxy.url });
const captures = (): UpdateRecord[] => t.knower.queue.recent(1000).filter((r) => r.text.startsWith('Notes from a Claude Code session'));

describe('PreCompact and SessionEnd remove secrets before anything leaves the hook', () => {
  it('send no key, token, password, private key or <private> block, and say how many were removed', async () => {
    const s = fakeSecrets();
    const transcript = path.join(scratch.dir, 'secrets.jsonl');
    const session = 'c0ffee00-0000-4000-8000-000000000001';
    const beforeCompaction = await appendExchanges(
      transcript,
      session,
      repo,
      [
        {
          asked: `The deploy fails. My Anthropic key is ${s.anthropic} and the AWS credentials are:\nAWS_ACCESS_KEY_ID=${s.awsKeyId}\nAWS_SECRET_ACCESS_KEY=${s.awsSecret}`,
          concluded: `The keys work; the failure was the region. I put DB_PASSWORD=${s.dbPassword} in .env for the migration.`,
        },
      ],
      'PreCompact',
    );
    const compacted = await runHook('PreCompact', beforeCompaction, env());
    expect(compacted).toEqual({ code: 0, stdout: '', stderr: '' });
    const first = await waitFor(() => captures()[0], 20_000, 'the PreCompact capture');
    expect(first.text).toContain('[4 secrets removed before sending]');
    expect(first.text).toContain('the failure was the region. I put DB_PASSWORD=[secret removed] in .env');
    expect(first.text).toContain('My Anthropic key is [secret removed] and the AWS credentials are:');

    const atEnd = await appendExchanges(transcript, session, repo, [
      {
        asked: `Here is the deploy key:\n${s.pem}\nPush with https://${s.github}@github.com/acme/zebra-app.git <private>${s.privateNote}</private> and tell me when it is done.`,
        concluded: 'Pushed; the deploy key is installed on the server.',
      },
    ]);
    const ended = await runHook('SessionEnd', atEnd, env());
    expect(ended).toEqual({ code: 0, stdout: '', stderr: '' });
    const second = await waitFor(() => (captures().length === 2 ? captures()[0] : undefined), 20_000, 'the SessionEnd capture');
    expect(second.text).toContain('[2 secrets and 1 private block removed before sending]');
    expect(second.text).toContain('[private text removed] and tell me when it is done.');
    expect(second.text).toContain('Pushed; the deploy key is installed on the server.');

    await t.knower.queue.whenIdle();
    const posted = proxy.requests.filter((r) => r.method === 'POST');
    expect(posted.map((r) => r.url)).toEqual(['/update', '/update']);
    const seen = {
      ...Object.fromEntries(proxy.requests.map((r, i) => [`request ${i} ${r.method} ${r.url}`, `${r.url}\n${JSON.stringify(r.headers)}\n${r.body}`])),
      ...Object.fromEntries(captures().map((r) => [`update ${r.id}`, JSON.stringify(r)])),
      ...(await filesUnder(t.vault)),
      ...(await filesUnder(t.stateDir)),
      ...(await filesUnder(data())),
    };
    expect(leaks(seen, s)).toEqual([]);
    // The vault has the capture as sent, saying what was removed.
    expect(Object.values(await filesUnder(t.vault)).some((text) => text.includes('[4 secrets removed before sending]'))).toBe(true);

    // Only automatic captures are cleaned: what a person sends on purpose is kept as sent.
    const own = `Remember the staging key ${s.anthropic}`;
    const answer = await fetch(`${proxy.url}/update`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: own }) });
    expect(answer.status).toBe(202);
    const { id } = (await answer.json()) as { id: string };
    expect(t.knower.queue.get(id)?.text).toBe(own);
  });
});
