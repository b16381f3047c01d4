import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UPDATE_MAX_STEPS } from '../../src/agents/index.js';
import { parseNote } from '../../src/vault/index.js';
import { answer, startScriptedModel, tools, type ProviderName, type ScriptedModel } from '../fakes/scripted-provider.js';
import { makeVault, PNG, project, type VaultFixture } from './helpers/vault-fixture.js';

let vault: VaultFixture | undefined;
let model: ScriptedModel | undefined;
afterEach(async () => {
  await model?.close();
  await vault?.cleanup();
  model = vault = undefined;
});

const input = (id: string, text: string, attachments: Array<{ name: string; kind: 'image'; mediaType: 'image/png'; path: string }> = []) => ({
  id,
  text,
  attachments,
  receivedAt: '2025-03-14T09:25:00Z',
});

// The same behaviour whichever provider answers: a run that does not finish is never a silent "done".
describe.each<ProviderName>(['anthropic', 'openai'])('a run that has to be stopped (%s)', (provider) => {
  it('parks a run that spends its step budget in the inbox, with what it did, the files it changed and the input', async () => {
    vault = await makeVault(project('acme', 'Launch planned for Q3.'));
    model = await startScriptedModel(provider);
    model.push(
      tools(['read', { path: 'projects/acme/state.md' }]),
      tools(['append', { path: 'projects/acme/state.md', content: '- half filed', position: 'bottom' }]),
      tools(['tree', { path: '', depth: 1 }]),
      tools(['read', { path: 'nope.md' }]),
    );
    const outcome = await vault.agentsWith({ ...model.deps(), maxIterations: 4 }).runUpdate(input('u-steps', 'A long story about acme'));

    expect(outcome).toMatchObject({ status: 'inbox', inboxId: 'u-steps' });
    expect(outcome.summary).toMatch(/^Stopped: it used all 4 steps/);
    expect(outcome.files).toEqual(expect.arrayContaining(['projects/acme/state.md', 'inbox/u-steps/review.md', 'inbox/u-steps/input.md', 'changelog.md']));
    expect(model.calls()).toBe(4);
    const review = parseNote(await vault.read('inbox/u-steps/review.md'));
    expect(review.ok && review.data).toMatchObject({ status: 'stopped', update_id: 'u-steps', title: 'Stopped while filing: A long story about acme' });
    expect(review.body).toContain('## What it did (4 tool calls, 1 refused)');
    expect(review.body).toContain('- read projects/acme/state.md\n- append projects/acme/state.md\n- tree (vault root)\n- read nope.md — error:');
    expect(review.body).toContain('## Files it changed\n\n- projects/acme/state.md\n');
    expect(await vault.read('inbox/u-steps/input.md')).toContain('A long story about acme');
    const changelog = await vault.read('changelog.md');
    expect(changelog).toContain('· update u-steps');
    expect(changelog).toContain('Stopped before finishing');
    expect(changelog).toContain('Changed `projects/acme/state.md`');
  });

  it('stops a run that repeats the same calls after three turns, and keeps the image beside the item', async () => {
    vault = await makeVault();
    model = await startScriptedModel(provider);
    for (let i = 0; i < 10; i++) model.push(tools(['tree', { path: '', depth: 1 }]));
    const stored = path.join(vault.stateDir, 'upload');
    await writeFile(stored, PNG);
    const outcome = await vault.agentsWith(model.deps()).runUpdate(input('u-loop', 'whiteboard', [{ name: 'board.png', kind: 'image' as const, mediaType: 'image/png', path: stored }]));

    expect(outcome).toMatchObject({ status: 'inbox', inboxId: 'u-loop' });
    expect(outcome.summary).toMatch(/same tool calls/);
    expect(model.calls()).toBe(3);
    const review = await vault.read('inbox/u-loop/review.md');
    expect(review).toContain('- tree (vault root) (×3)');
    expect(review).toContain('## Files it changed\n\n- none');
    // The image was saved before the model ran; it now sits with the item, linked from input.md.
    expect(await vault.exists('inbox/u-loop/board.png')).toBe(true);
    expect(await vault.read('inbox/u-loop/input.md')).toContain('![board.png](board.png)');
    // Nothing outside the item changed, so there is nothing to log.
    expect(await vault.read('changelog.md')).not.toContain('u-loop');
  });

  it(`lets a run of up to ${UPDATE_MAX_STEPS} steps finish as done`, async () => {
    vault = await makeVault();
    model = await startScriptedModel(provider);
    for (let i = 0; i < UPDATE_MAX_STEPS - 1; i++) model.push(tools(['tree', { path: '', depth: (i % 2) + 1 }]));
    model.push(answer('Looked around; nothing to file.'));
    const outcome = await vault.agentsWith(model.deps()).runUpdate(input('u-long', 'hm'));
    expect(outcome).toMatchObject({ status: 'done', fallback: 'bucket', summary: expect.stringContaining('Looked around; nothing to file.') });
    expect(model.calls()).toBe(UPDATE_MAX_STEPS);
  });
});
