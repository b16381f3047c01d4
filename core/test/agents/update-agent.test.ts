import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseNote } from '../../src/vault/index.js';
import { lastToolResults, startFakeAnthropicServer, text, toolUse, turn, type FakeAnthropicServer, type ScriptStep } from '../fakes/fake-anthropic-server.js';
import { makeVault, PNG, project, type VaultFixture } from './helpers/vault-fixture.js';

let vault: VaultFixture | undefined;
let server: FakeAnthropicServer | undefined;
afterEach(async () => {
  await server?.close();
  await vault?.cleanup();
  server = vault = undefined;
});

async function setup(script: ScriptStep[], files: Record<string, string | Buffer> = {}) {
  vault = await makeVault({ ...project('acme', 'Launch planned for Q3.'), ...project('garden', 'Tomatoes planted.'), ...files });
  server = await startFakeAnthropicServer(script);
  return { vault, server, agents: vault.agents({ baseURL: server.baseURL }) };
}

const input = (id: string, text: string, extra: Partial<{ inboxRef: string; attachments: Array<{ name: string; kind: 'image'; mediaType: 'image/png'; path: string }> }> = {}) => ({
  id,
  text,
  attachments: [],
  receivedAt: '2025-03-14T09:25:00Z',
  ...extra,
});

describe('update agent: routing', () => {
  it('files an update into an existing project and logs it with the update id', async () => {
    const entry = '## 2025-03-14 09:26 UTC · update u-route-1\n- Set the acme launch date in projects/acme/state.md';
    const { vault, server, agents } = await setup([
      turn(toolUse('search', { query: 'acme launch' }), toolUse('read', { path: 'projects/acme/state.md' }), toolUse('read', { path: 'changelog.md' })),
      turn(
        toolUse('edit', { path: 'projects/acme/state.md', old_content: 'Launch planned for Q3.', new_content: 'Launch date fixed: 2025-09-01.' }),
        toolUse('append', { path: 'changelog.md', content: entry, position: 'top' }),
      ),
      turn(text('Set the acme launch date to 2025-09-01.')),
    ]);
    const outcome = await agents.runUpdate(input('u-route-1', 'The acme launch is on September 1st 2025'));

    expect(outcome).toMatchObject({ status: 'done', files: ['changelog.md', 'projects/acme/state.md'], summary: 'Set the acme launch date to 2025-09-01.' });
    expect(outcome.usage).toEqual({ inputTokens: 300, outputTokens: 60, cacheReadTokens: 0, cacheWriteTokens: 0 });
    expect(await vault.read('projects/acme/state.md')).toContain('Launch date fixed: 2025-09-01.');
    const changelog = parseNote(await vault.read('changelog.md')).body;
    expect(changelog).toMatch(/^# Changelog\n\nNewest first\.\n\n## 2025-03-14 09:26 UTC · update u-route-1\n/);
    expect(server.requests.flatMap((r) => lastToolResults(r.body)).filter((r) => r.is_error)).toEqual([]);
    // The update text reaches the model with its id.
    expect(JSON.stringify(server.requests[0]!.body.messages[0])).toContain('u-route-1');
  });

  it('puts the stable context in cached system blocks: instructions, overview, profile and tree', async () => {
    const { server, agents } = await setup([turn(text('Nothing to file.'))]);
    await agents.runUpdate(input('u-cache', 'hello'));
    const system = server.requests[0]!.body.system!;
    expect(system).toHaveLength(2);
    expect(system.every((b) => b.cache_control?.type === 'ephemeral')).toBe(true);
    expect(system[0]!.text).toContain("You are Knower's update agent");
    expect(system[1]!.text).toContain('## overview.md');
    expect(system[1]!.text).toContain('## profile.md');
    expect(system[1]!.text).toContain('projects/');
  });

  it('logs to changelog.md itself when the model changed files but forgot to', async () => {
    const { vault, agents } = await setup([
      turn(toolUse('append', { path: 'tasks.md', content: '- [ ] call the plumber', position: 'bottom' })),
      turn(toolUse('read', { path: 'tasks.md' })),
      turn(toolUse('append', { path: 'tasks.md', content: '- [ ] call the plumber', position: 'bottom' })),
      turn(text('Added a task.')),
    ]);
    const outcome = await agents.runUpdate(input('u-forgot', 'call the plumber'));
    expect(outcome.files).toEqual(['changelog.md', 'tasks.md']);
    const changelog = await vault.read('changelog.md');
    expect(changelog).toContain('· update u-forgot');
    expect(changelog).toContain('Changed `tasks.md`');
  });

  it('stops a run that keeps calling tools at the iteration cap, into the inbox (stopped-runs.test.ts has the rest)', async () => {
    vault = await makeVault();
    server = await startFakeAnthropicServer([1, 2, 3].map((depth) => turn(toolUse('tree', { path: '', depth }))));
    const outcome = await vault.agents({ baseURL: server.baseURL }, 3).runUpdate(input('u-loop', 'loop'));
    expect(outcome).toMatchObject({ status: 'inbox', inboxId: 'u-loop' });
    expect(outcome.summary).toMatch(/^Stopped: it used all 3 steps/);
    expect(server.requests).toHaveLength(3);
  });
});

describe('update agent: images', () => {
  it('gives images to the model as image blocks and keeps them in the vault where the agent files them', async () => {
    const { vault, server, agents } = await setup([
      turn(toolUse('read', { path: 'projects/garden/state.md' }), toolUse('read', { path: 'changelog.md' })),
      turn(
        toolUse('move', { from: 'bucket/2025-03-14-tomato-photo-u-img-1.png', to: 'projects/garden/tomatoes.png' }),
        toolUse('append', { path: 'projects/garden/state.md', content: '![tomatoes](tomatoes.png)' }),
        toolUse('append', { path: 'changelog.md', content: '## 2025-03-14 09:26 UTC · update u-img-1\n- Added a tomato photo', position: 'top' }),
      ),
      turn(text('Filed the photo with the garden.')),
    ]);
    const stored = path.join(vault.stateDir, 'upload-1');
    await writeFile(stored, PNG);
    const outcome = await agents.runUpdate(input('u-img-1', 'my tomatoes', { attachments: [{ name: 'Tomato photo.PNG', kind: 'image' as const, mediaType: 'image/png', path: stored }] }));

    const first = server.requests[0]!.body.messages[0]!.content as Array<Record<string, unknown>>;
    expect(first).toContainEqual(expect.objectContaining({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG.toString('base64') } }));
    expect(JSON.stringify(first)).toContain('bucket/2025-03-14-tomato-photo-u-img-1.png');
    expect(await vault.exists('bucket/2025-03-14-tomato-photo-u-img-1.png')).toBe(false);
    expect(Buffer.from(await vault.read('projects/garden/tomatoes.png'), 'latin1').length).toBeGreaterThan(0);
    expect(outcome.files).toEqual(['bucket/2025-03-14-tomato-photo-u-img-1.png', 'changelog.md', 'projects/garden/state.md', 'projects/garden/tomatoes.png']);
  });

  it('saves images into bucket/ even when the model does nothing with them', async () => {
    const { vault, agents } = await setup([turn(text('Done.'))]);
    const stored = path.join(vault.stateDir, 'upload-2');
    await writeFile(stored, PNG);
    const outcome = await agents.runUpdate(input('u-img-2', 'a picture', { attachments: [{ name: 'x.png', kind: 'image' as const, mediaType: 'image/png', path: stored }] }));
    expect(await vault.exists('bucket/2025-03-14-x-u-img-2.png')).toBe(true);
    expect(outcome.files).toContain('bucket/2025-03-14-x-u-img-2.png');
    expect(await vault.read('changelog.md')).toContain('update u-img-2');
  });
});
