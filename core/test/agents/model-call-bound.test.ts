import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_MODEL_CALLS_PER_QUESTION, MAX_MODEL_CALLS_PER_UPDATE, MODEL_CALL_RETRIES, UPDATE_MAX_STEPS } from '../../src/agents/index.js';
import { DEFAULT_RETRY } from '../../src/queue/update-queue.js';
import { answer, fault, startScriptedModel, tools, type ProviderName, type ScriptedModel } from '../fakes/scripted-provider.js';
import { startTestApp, updateEnded, type TestApp } from '../helpers/test-app.js';
import { makeVault } from './helpers/vault-fixture.js';

// How many model calls one update can make, counted at the fake server, through the real queue
// (its production attempts) and each real client: the bound holds whatever the model does.

let t: TestApp | undefined;
let model: ScriptedModel | undefined;
afterEach(async () => {
  await t?.close();
  await model?.close();
  t = model = undefined;
});

async function start(provider: ProviderName) {
  model = await startScriptedModel(provider);
  t = await startTestApp({ env: model.env(), retry: { ...DEFAULT_RETRY, baseDelayMs: 10 } });
  await t.knower.whenSettled();
  const app = t.app;
  return {
    model,
    async run(text: string) {
      const { id } = (await app.inject({ method: 'POST', url: '/update', payload: { text } })).json<{ id: string }>();
      return updateEnded(t!, id, 30_000);
    },
  };
}

/** Tool turns that never repeat three times in a row (a repeating run is stopped sooner). */
const busyTurns = (n: number) => Array.from({ length: n }, (_, i) => tools(['tree', { path: '', depth: (i % 2) + 1 }]));

describe.each<ProviderName>(['anthropic', 'openai'])('model calls one update can make (%s)', (provider) => {
  it(`a server that always fails: ${DEFAULT_RETRY.attempts} attempts × ${MODEL_CALL_RETRIES + 1} requests, then a failed item with the input`, async () => {
    const { model, run } = await start(provider);
    for (let i = 0; i < 50; i++) model.push(fault(500));
    const record = await run('Remember the plumber on Tuesday');
    expect(record).toMatchObject({ status: 'failed', attempts: DEFAULT_RETRY.attempts });
    expect(model.calls()).toBe(DEFAULT_RETRY.attempts * (MODEL_CALL_RETRIES + 1));
    expect(await readFile(path.join(t!.vault, 'inbox', record.id, 'input.md'), 'utf8')).toContain('Remember the plumber on Tuesday');
  });

  it(`the worst case: work then faults on every attempt stops at the budget of ${MAX_MODEL_CALLS_PER_UPDATE}`, async () => {
    const { model, run } = await start(provider);
    // Each attempt: 12 good turns, then a fault that outlasts the transport retries.
    for (let attempt = 0; attempt < DEFAULT_RETRY.attempts; attempt++) model.push(...busyTurns(12), fault(500), fault(500), fault(500));
    const record = await run('A long note');
    expect(model.calls()).toBe(MAX_MODEL_CALLS_PER_UPDATE);
    expect(record).toMatchObject({ status: 'failed', attempts: DEFAULT_RETRY.attempts, error: expect.stringContaining(`stopped after ${MAX_MODEL_CALLS_PER_UPDATE} model calls`) });
    expect(await readFile(path.join(t!.vault, 'inbox', record.id, 'input.md'), 'utf8')).toContain('A long note');
  });

  it(`a model that never stops calling tools: ${UPDATE_MAX_STEPS} calls, then an inbox item`, async () => {
    const { model, run } = await start(provider);
    model.push(...busyTurns(UPDATE_MAX_STEPS + 10));
    const record = await run('Think about it');
    expect(model.calls()).toBe(UPDATE_MAX_STEPS);
    expect(record).toMatchObject({ status: 'inbox', attempts: 1, summary: expect.stringMatching(/^Stopped: it used all 25 steps/) });
    expect(await readFile(path.join(t!.vault, 'inbox', record.id, 'review.md'), 'utf8')).toContain(`- tree (vault root) (×${UPDATE_MAX_STEPS})`);
  });

  it('a healthy update uses what it needs', async () => {
    const { model, run } = await start(provider);
    model.push(tools(['tree', { path: '', depth: 1 }]), answer('Nothing to file.'));
    expect(await run('hello')).toMatchObject({ status: 'done' });
    expect(model.calls()).toBe(2);
  });
});

describe.each<ProviderName>(['anthropic', 'openai'])('model calls one question can make (%s)', (provider) => {
  it(`stops at ${MAX_MODEL_CALLS_PER_QUESTION}, however the model alternates work and faults`, async () => {
    model = await startScriptedModel(provider);
    // Every step succeeds only on its third request: 7 steps would need 21.
    for (let i = 0; i < 7; i++) model.push(fault(500), fault(500), tools(['tree', { path: '', depth: (i % 2) + 1 }]));
    model.push(answer('never reached'));
    const vault = await makeVault();
    try {
      const err = await vault
        .agentsWith(model.deps())
        .answer({ query: 'anything?' })
        .catch((e: unknown) => e);
      expect(err).toMatchObject({ retryable: false, kind: 'call-budget' });
      expect(model.calls()).toBe(MAX_MODEL_CALLS_PER_QUESTION);
    } finally {
      await vault.cleanup();
    }
  });
});
