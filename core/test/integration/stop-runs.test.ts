import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, slow, startFakeAnthropicServer, text, toolUse, turn, type FakeAnthropicServer } from '../fakes/fake-anthropic-server.js';
import { openSse } from '../helpers/sse-client.js';
import { waitFor } from '../helpers/temp-dir.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// Stopping work the person no longer wants, with a model that takes its time (the real SDK
// against the fake Messages API): a question being answered, an update waiting its turn, and an
// update the agent is in the middle of, whose changes so far are undone through its journal.

const STATE = '# State\n\n- Beds are dug.\n';
const LONG = 30_000;

async function seed(vault: string): Promise<void> {
  await mkdir(path.join(vault, 'projects', 'garden'), { recursive: true });
  await writeFile(path.join(vault, 'projects', 'garden', 'state.md'), STATE);
}

/** Every file of the vault and its bytes (tree.md and the job's stamps aside: they follow the files). */
async function snapshot(root: string, rel = ''): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(path.join(root, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.name.startsWith('.') || child === 'tree.md') continue;
    if (entry.isDirectory()) Object.assign(out, await snapshot(root, child));
    else out[child] = (await readFile(path.join(root, child), 'utf8')).replace(/^---\n[\s\S]*?\n---\n/, '');
  }
  return out;
}

describe('stopping a question, a queued update and a running one, and runs waiting out model faults', () => {
  let t: TestApp;
  let model: FakeAnthropicServer;
  let base: string;
  afterEach(async () => {
    await t?.close();
    await model?.close();
  });

  async function start(): Promise<void> {
    model = await startFakeAnthropicServer();
    t = await startTestApp({ env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: model.baseURL }, prepare: seed });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    base = `http://127.0.0.1:${address.port}`;
    await t.knower.whenSettled();
  }

  const post = (route: string, body?: unknown) =>
    fetch(`${base}${route}`, { method: 'POST', ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }) });
  const submit = async (words: string) => ((await (await post('/update', { text: words })).json()) as { id: string }).id;
  const statusOf = (id: string) => t.knower.queue.get(id)?.status;

  it('stops a question being answered: the answer never comes, the question is kept as stopped and can be asked again', async () => {
    await start();
    model.push(slow(turn(text('An answer that comes too late.')), LONG));
    const asking = post('/search', { query: 'When were the beds dug?' });
    const pending = await waitFor(async () => (await t.knower.questions.all()).find((q) => q.status === 'pending'), 10_000, 'the question to be pending');
    await waitFor(() => model.requests.length === 1, 10_000, 'the model to be asked');

    const stopped = await post(`/questions/${pending.id}/cancel`);
    expect(stopped.status).toBe(200);
    expect(await stopped.json()).toMatchObject({ id: pending.id, status: 'failed', error_code: 'cancelled' });
    const answered = await asking;
    expect(answered.status).toBe(409);
    expect(await answered.json()).toMatchObject({ error: 'cancelled', question_id: pending.id });
    // Stopping is not a fault of the model provider: /health does not report one.
    expect((await t.app.inject('/health')).json().provider.problem).toBeUndefined();
    expect((await post(`/questions/${pending.id}/cancel`)).status).toBe(409);
    expect((await post('/questions/q-20250101-000000-abcdef/cancel')).status).toBe(404);

    model.push(turn(text('The beds were dug in February.')));
    const again = await post(`/questions/${pending.id}/retry`);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ markdown: 'The beds were dug in February.' });
  });

  it('cancels a queued update: it never reaches the model, and the one running goes on', async () => {
    await start();
    model.push(slow(turn(text('Nothing to file.')), 1500));
    const first = await submit('The gate latch is fixed.');
    const second = await submit('Ordered seed potatoes.');
    await waitFor(() => statusOf(first) === 'running', 10_000, 'the first update to run');

    const cancelled = await post(`/updates/${second}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ id: second, status: 'cancelled' });
    await t.knower.queue.whenIdle();
    expect(statusOf(first)).toBe('done');
    expect(statusOf(second)).toBe('cancelled');
    // One model call: the first update's. The second never ran.
    expect(model.requests).toHaveLength(1);
    expect(JSON.stringify(model.requests[0]!.body.messages)).toContain('gate latch');
    expect((await post(`/updates/${first}/cancel`)).status).toBe(409);
    expect((await post('/updates/u-nope/cancel')).status).toBe(404);
  });

  it('stops a running update between steps and undoes its changes; a file changed by hand since is kept and listed', async () => {
    await start();
    const before = await snapshot(t.vault);
    model.push(
      turn(toolUse('read', { path: 'projects/garden/state.md' })),
      turn(
        toolUse('append', { path: 'projects/garden/state.md', content: '- Tomatoes planted in bed 2.', position: 'bottom' }),
        toolUse('write', { path: 'projects/garden/planting.md', content: '# Planting\n\nTomatoes in bed 2.\n' }),
        toolUse('write', { path: 'projects/garden/notes.md', content: '# Notes\n\nDraft by the agent.\n' }),
      ),
      slow(turn(text('Filed the planting.')), LONG),
    );
    const id = await submit('Planted tomatoes in bed 2.');
    const note = (rel: string) => path.join(t.vault, 'projects', 'garden', rel);
    await waitFor(async () => model.requests.length === 3 && (await readFile(note('notes.md'), 'utf8').catch(() => '')).includes('Draft'), 10_000, 'the agent to have written');
    // The person rewrites one of the agent's new notes while the run is still going.
    await writeFile(note('notes.md'), '# Notes\n\nMy own words now.\n');

    const res = await post(`/updates/${id}/cancel`);
    expect(res.status).toBe(200);
    const record = (await res.json()) as { status: string; files: string[]; summary: string };
    expect(record.status).toBe('cancelled');
    expect(record.files).toEqual(['projects/garden/notes.md']);
    expect(record.summary).toContain('projects/garden/state.md');
    expect(record.summary).toContain('Kept as they are');

    // The vault is as it was, but for the person's own note; no changelog entry claims the update.
    const after = await snapshot(t.vault);
    expect(after['projects/garden/notes.md']).toContain('My own words now.');
    delete after['projects/garden/notes.md'];
    expect(after).toEqual(before);
    expect(await readFile(note('state.md'), 'utf8')).toBe(STATE);

    // Sent again, it runs from the start with the same words.
    model.push(turn(text('Nothing to file this time.')));
    const retried = await post(`/updates/${id}/retry`);
    expect(retried.status).toBe(202);
    const { id: retryId } = (await retried.json()) as { id: string };
    await waitFor(() => statusOf(retryId) === 'done', 10_000, 'the retry to finish');
    expect(JSON.stringify(model.requests.at(-1)!.body.messages)).toContain('Planted tomatoes in bed 2.');
  });

  it('shows a run waiting out a model fault: the stream carries the retry and when it comes, then clears it', async () => {
    await start();
    model.push(apiError(429), turn(text('Nothing to file.')));
    const sse = await openSse(`${base}/sse`);
    try {
      const id = await submit('The gate latch is fixed.');
      const waiting = await sse.next((e) => e.event === 'update_status' && (e.data as { id: string; retrying?: unknown }).id === id && Boolean((e.data as { retrying?: unknown }).retrying));
      expect((waiting.data as { retrying: unknown }).retrying).toEqual({ kind: 'call', error: expect.stringContaining('429'), until: expect.any(String), retry: 1, of: expect.any(Number) });
      const done = await sse.next((e) => e.event === 'update_status' && (e.data as { id: string; status: string }).id === id && (e.data as { status: string }).status === 'done');
      expect((done.data as { retrying?: unknown }).retrying).toBeUndefined();

      model.push(apiError(529), turn(text('The latch was fixed in March.')));
      const res = await post('/search', { query: 'When was the latch fixed?' });
      expect(res.status).toBe(200);
      const retried = sse.events.find((e) => e.event === 'question_status' && Boolean((e.data as { retrying?: unknown }).retrying));
      expect((retried?.data as { status: string; retrying: { kind: string } }) ?? null).toMatchObject({ status: 'pending', retrying: { kind: 'call' } });
    } finally {
      sse.close();
    }
  });
});
