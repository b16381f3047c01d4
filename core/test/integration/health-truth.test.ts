import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { healthSummary } from '../../src/cli/format/health-summary.js';
import { say, slow, startFakeOpenAIServer, type FakeOpenAIServer } from '../fakes/fake-openai-server.js';
import { waitFor } from '../helpers/temp-dir.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

describe('/health tells the truth about trouble', () => {
  let t: TestApp | undefined;
  let model: FakeOpenAIServer | undefined;
  afterEach(async () => {
    await t?.close();
    await model?.close();
    t = model = undefined;
  });
  const health = async () => (await t!.app.inject('/health')).json();

  it('is degraded with a history repository that is gone, and undo refuses instead of saying "nothing"', async () => {
    t = await startTestApp();
    await t.knower.whenSettled();
    expect((await health()).status).toBe('ok');
    const { id } = (await t.app.inject({ method: 'POST', url: '/update', payload: { text: 'First thought' } })).json();
    await waitFor(() => t!.knower.queue.get(id)?.status === 'done', 10_000, 'the update');
    await t.knower.whenSettled();
    await rm(path.join(t.stateDir, 'history', 'repo.git'), { recursive: true, force: true });

    const body = await health();
    expect(body.status).toBe('degraded');
    expect(body.history.available).toBe(false);
    expect(body.degraded.join('\n')).toMatch(/history and undo unavailable: the history repository is missing/);
    const second = (await t.app.inject({ method: 'POST', url: '/update', payload: { text: 'Second thought' } })).json();
    await waitFor(() => t!.knower.queue.get(second.id)?.status === 'done', 10_000, 'the second update');
    const undo = await t.app.inject({ method: 'POST', url: `/updates/${second.id}/undo` });
    expect(undo.statusCode).toBeGreaterThanOrEqual(400);
    expect(undo.json().message).toMatch(/history repository is missing/);
  });

  it('is degraded with a history repository that is corrupt, naming the failing commits', async () => {
    t = await startTestApp();
    await t.knower.whenSettled();
    expect((await health()).status).toBe('ok');
    // HEAD still exists, so only a failing commit can tell that the repository is broken.
    await writeFile(path.join(t.stateDir, 'history', 'repo.git', 'HEAD'), 'this is not a ref\n');
    await rm(path.join(t.stateDir, 'history', 'repo.git', 'objects'), { recursive: true, force: true });
    const { id } = (await t.app.inject({ method: 'POST', url: '/update', payload: { text: 'A thought the history cannot keep' } })).json();
    await waitFor(() => t!.knower.queue.get(id)?.status === 'done', 10_000, 'the update');
    await waitFor(async () => (await health()).status === 'degraded', 10_000, 'a degraded /health');
    const body = await health();
    expect(body.history.available).toBe(false);
    expect(body.degraded.join('\n')).toMatch(/commits to the history fail/);
    expect(healthSummary(body).join('\n')).toMatch(/commits to the history fail/);
  });

  it('is degraded while the model provider cannot call tools, saying why in full on `knower status`', async () => {
    model = await startFakeOpenAIServer({ tools: false });
    t = await startTestApp({ env: { KNOWER_PROVIDER: 'openai', OPENAI_BASE_URL: model.baseURL, KNOWER_MODEL: 'llama3.1:8b' } });
    await t.knower.whenSettled();
    const body = await waitFor(
      async () => {
        const b = await health();
        return b.status === 'degraded' && b;
      },
      5000,
      'the probe',
    );
    const reason = body.degraded.find((d: string) => d.startsWith('the model provider cannot work'));
    expect(reason).toMatch(/openai, llama3\.1:8b.*cannot call tools/);
    const lines = healthSummary(body);
    // Every reason whole on its own line: nothing cut at the terminal's width.
    expect(lines).toContain(`    - ${reason}`);
    expect(reason.length).toBeGreaterThan(110);
  });

  it('is degraded while the running update shows no progress', async () => {
    model = await startFakeOpenAIServer({ script: [slow(say('Done.'), 3000)] });
    // Stalled after 200 ms of silence in this test (15 minutes in the service).
    t = await startTestApp({ env: { KNOWER_PROVIDER: 'openai', OPENAI_BASE_URL: model.baseURL, KNOWER_MODEL: 'm' }, deps: { queueStallMs: 200 } });
    await t.knower.whenSettled();
    const { id } = (await t.app.inject({ method: 'POST', url: '/update', payload: { text: 'Slow one' } })).json();
    const stuck = await waitFor(
      async () => {
        const b = await health();
        return b.status === 'degraded' && b;
      },
      5000,
      'the stall',
    );
    expect(stuck.degraded.join('\n')).toMatch(new RegExp(`the update queue looks stuck: update ${id} has shown no progress`));
  });

  it('counts the updates that wait after a restart from the moment the service answers', async () => {
    t = await startTestApp();
    await t.knower.whenSettled();
    const dirs = { vault: t.vault, stateDir: t.stateDir, base: t.base };
    await t.app.close();
    // Two accepted updates left on disk, as a crash leaves them.
    const { UpdateStore } = await import('../../src/records/index.js');
    const store = new UpdateStore(dirs.stateDir, () => new Date());
    await store.load();
    await store.create({ text: 'waiting one', attachments: [] });
    await store.create({ text: 'waiting two', attachments: [] });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    t = await startTestApp({
      dirs,
      wrapSearch: (engine) => ({
        ...engine,
        scan: async (onBatch) => {
          await held;
          return engine.scan(onBatch);
        },
      }),
    });
    const body = await health();
    expect(body.queue).toMatchObject({ pending: 2, running: null, total: 2 });
    release();
  });
});
