import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, slow, startFakeAnthropicServer, text, toolUse, turn, type FakeAnthropicServer } from '../fakes/fake-anthropic-server.js';
import { forUpdate } from '../fakes/scripted-model.js';
import { openSse } from '../helpers/sse-client.js';
import { waitFor } from '../helpers/temp-dir.js';
import { startTestApp, updateEnded, type TestApp } from '../helpers/test-app.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

async function seedGarden(vault: string): Promise<void> {
  await mkdir(path.join(vault, 'projects', 'garden'), { recursive: true });
  await writeFile(path.join(vault, 'projects', 'garden', 'description.md'), '# Garden\n\nThe vegetable garden behind the house.\n');
  await writeFile(path.join(vault, 'projects', 'garden', 'state.md'), '# State\n\n- Beds are dug.\n');
}

describe('updates, inbox and questions over HTTP (real SDK, fake Messages API)', () => {
  let t: TestApp;
  let model: FakeAnthropicServer;
  let base: string;
  afterEach(async () => {
    await t?.close();
    await model?.close();
  });

  async function start(prepare = seedGarden): Promise<void> {
    model = await startFakeAnthropicServer();
    t = await startTestApp({ env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: model.baseURL }, prepare });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    base = `http://127.0.0.1:${address.port}`;
    await t.knower.whenSettled();
  }

  const post = (route: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const finished = (id: string) => updateEnded(t, id, 20_000);

  it('routes an update into an existing project and logs it with its id', async () => {
    await start();
    model.push(
      turn(toolUse('read', { path: 'projects/garden/state.md' })),
      turn(toolUse('append', { path: 'projects/garden/state.md', content: '- Tomatoes planted in bed 2.', position: 'bottom' })),
      turn(text('Added the planting to the garden state.')),
    );
    const sse = await openSse(`${base}/sse`);
    try {
      const res = await post('/update', { text: 'Planted the tomatoes in bed 2 today' });
      expect(res.status).toBe(202);
      const { status, id } = (await res.json()) as { status: string; id: string };
      expect(status).toBe('accepted');
      const done = await sse.next((e) => e.event === 'update_status' && (e.data as { id: string; status: string }).status === 'done');
      expect(done.data).toMatchObject({ id, files: expect.arrayContaining(['projects/garden/state.md', 'changelog.md']) });
      expect(sse.events.filter((e) => e.event === 'update_status').map((e) => (e.data as { status: string }).status)).toEqual(['queued', 'running', 'done']);
      await sse.next((e) => e.event === 'file_changed' && (e.data as { path: string }).path === 'projects/garden/state.md');
    } finally {
      sse.close();
    }
    expect(await readFile(path.join(t.vault, 'projects/garden/state.md'), 'utf8')).toContain('- Tomatoes planted in bed 2.');
    const changelog = await readFile(path.join(t.vault, 'changelog.md'), 'utf8');
    expect(changelog.match(/update \d{8}-\d{6}-[0-9a-f]{6}/g)).toHaveLength(1);
    const listed = (await (await fetch(`${base}/updates`)).json()) as { updates: Array<{ status: string }> };
    expect(listed.updates[0]).toMatchObject({ status: 'done' });
  });

  it('sends an ambiguous update to the inbox, then carries out the reply and removes the item', async () => {
    await start();
    model.push(
      forUpdate((id) =>
        turn(
          toolUse('write', {
            path: `inbox/${id}/review.md`,
            content:
              '# Which project is the trellis for?\n\n## What I received\nA trellis order.\n\n## Where it could go\n- projects/garden: plants climb\n- bucket/: no project fits\n\n## What I need from you\nIs it for the garden?\n',
          }),
        ),
      ),
      turn(text('Asked where the trellis belongs.')),
    );
    const sse = await openSse(`${base}/sse`);
    try {
      const first = (await (await post('/update', { text: 'Ordered a cedar trellis' })).json()) as { id: string };
      expect((await finished(first.id)).status).toBe('inbox');
      await sse.next((e) => e.event === 'inbox_updated' && (e.data as { count: number }).count === 1);
      const inbox = (await (await fetch(`${base}/inbox`)).json()) as { items: Array<{ id: string; title: string }> };
      expect(inbox.items).toEqual([expect.objectContaining({ id: first.id, title: 'Which project is the trellis for?' })]);
      const item = (await (await fetch(`${base}/inbox/${first.id}`)).json()) as { review: { body: string }; files: string[] };
      expect(item.review.body).toContain('## Where it could go');
      expect(item.files).toContain(`inbox/${first.id}/input.md`);

      // The reply: the runner shows the item to the model, which files it and deletes the folder.
      model.push(
        turn(toolUse('read', { path: 'projects/garden/state.md' })),
        turn(toolUse('append', { path: 'projects/garden/state.md', content: '- Cedar trellis ordered.', position: 'bottom' })),
        turn(toolUse('delete', { path: `inbox/${first.id}` })),
        turn(text('Filed the trellis under the garden and closed the item.')),
      );
      const reply = (await (await post('/update', { text: 'Yes, the garden', inbox_ref: first.id })).json()) as { id: string };
      expect((await finished(reply.id)).status).toBe('done');
      await sse.next((e) => e.event === 'inbox_updated' && (e.data as { count: number }).count === 0);
    } finally {
      sse.close();
    }
    expect(await readdir(path.join(t.vault, 'inbox'))).toEqual([]);
    expect(await readFile(path.join(t.vault, 'projects/garden/state.md'), 'utf8')).toContain('- Cedar trellis ordered.');
    expect(((await (await fetch(`${base}/inbox`)).json()) as { items: unknown[] }).items).toEqual([]);
  });

  it('answers a question with markdown citing the files read, while an update is running', async () => {
    await start();
    // The update's model call is slow: the question must not wait for it.
    model.push(slow(turn(text('Nothing to file.')), 1500));
    const update = (await (await post('/update', { text: 'Just thinking out loud' })).json()) as { id: string };
    // The update has sent its (slow) model call: the script's next steps are the question's.
    await waitFor(() => model.requests.length === 1, 5000, 'the update to call the model');
    expect(t.knower.queue.get(update.id)?.status).toBe('running');
    model.push(turn(toolUse('read', { path: 'projects/garden/state.md' })), turn(text('The beds are dug ([projects/garden/state.md](projects/garden/state.md)).')));
    const res = await post('/search', { query: 'What state is the garden in?' });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { markdown: string; sources: string[] };
    expect(answer.markdown).toContain('The beds are dug');
    expect(answer.sources).toEqual(['projects/garden/state.md']);
    expect(t.knower.queue.get(update.id)?.status).toBe('running');
    const searchRequest = model.requests.find((r) => r.body.messages.some((m) => JSON.stringify(m.content).includes('What state is the garden in?')));
    expect(searchRequest?.body.tools?.map((tool) => tool.name).sort()).toEqual(['find', 'read', 'search', 'tree']);
    await finished(update.id);
  });

  it('retries model faults, then files a failed update in the inbox with its raw text and image', async () => {
    await start();
    model.push(apiError(429), turn(text('Nothing to file.')));
    const ok = (await (await post('/update', { text: 'A passing thought' })).json()) as { id: string };
    expect((await finished(ok.id)).status).toBe('done');

    // Every attempt (SDK retries included) answers 500.
    for (let i = 0; i < 20; i++) model.push(apiError(500));
    const form = new FormData();
    form.append('text', 'Receipt for the compost bin');
    form.append('images', new Blob([PNG], { type: 'image/png' }), 'receipt.png');
    const res = await fetch(`${base}/update`, { method: 'POST', body: form });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    const record = await finished(id);
    expect(record).toMatchObject({ status: 'failed', inbox_id: id, error: expect.any(String) });
    const files = await readdir(path.join(t.vault, 'inbox', id));
    expect(files).toEqual(expect.arrayContaining(['review.md', 'input.md', 'receipt.png']));
    expect(await readFile(path.join(t.vault, 'inbox', id, 'input.md'), 'utf8')).toContain('Receipt for the compost bin');
    expect((await readFile(path.join(t.vault, 'inbox', id, 'receipt.png'))).equals(PNG)).toBe(true);
    // The service stays up, and says what the last model call found.
    const health = (await (await fetch(`${base}/health`)).json()) as { status: string; degraded: string[] };
    expect(health.status).toBe('degraded');
    expect(health.degraded.join('\n')).toMatch(/the model provider cannot work \(anthropic.*500/);
  });

  it('returns the original id for a retried POST with the same Idempotency-Key', async () => {
    await start();
    model.push(turn(text('Nothing to file.')));
    const first = (await (await post('/update', { text: 'Once only' }, { 'idempotency-key': 'draft-42' })).json()) as { id: string };
    const again = await post('/update', { text: 'Once only' }, { 'idempotency-key': 'draft-42' });
    expect(again.status).toBe(202);
    expect(((await again.json()) as { id: string }).id).toBe(first.id);
    await finished(first.id);
    expect(t.knower.queue.recent()).toHaveLength(1);
  });

  it('refuses bad input with a 4xx naming the problem, and writes nothing', async () => {
    await start();
    const records = async () => (await readdir(path.join(t.stateDir, 'updates'))).filter((name) => name !== '.incoming');
    const before = await records();
    const cases: Array<[Promise<Response>, number, string]> = [
      [post('/update', { text: '   ' }), 400, 'empty_update'],
      [post('/update', { text: 'hi', inbox_ref: 'no-such-item' }), 404, 'unknown_inbox_ref'],
      [post('/update', { text: 'x'.repeat(100_001) }), 413, 'text_too_large'],
      [post('/update', { text: 'hi', extra: 1 }), 400, 'invalid_request'],
      [fetch(`${base}/update`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text": "unterminated' }), 400, 'invalid_json'],
      [fetch(`${base}/update`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' }), 415, 'unsupported_media_type'],
      [post('/search', { query: '' }), 400, 'invalid_request'],
    ];
    cases.push([post('/update', { url: 'file:///etc/passwd' }), 400, 'invalid_url']);
    cases.push([post('/update', { url: 'javascript:alert(1)' }), 400, 'invalid_url']);
    const many = new FormData();
    many.append('text', 'nine photos');
    for (let i = 0; i < 9; i++) many.append('files', new Blob([PNG], { type: 'image/png' }), `p${i}.png`);
    cases.push([fetch(`${base}/update`, { method: 'POST', body: many }), 413, 'too_many_attachments']);
    const big = new FormData();
    big.append('text', 'huge photo');
    big.append('images', new Blob([PNG, Buffer.alloc(11 * 1024 * 1024)], { type: 'image/png' }), 'huge.png');
    cases.push([fetch(`${base}/update`, { method: 'POST', body: big }), 413, 'attachment_too_large']);
    for (const [request, status, error] of cases) {
      const res = await request;
      const body = (await res.json()) as { error: string; message: string };
      expect({ status: res.status, error: body.error }).toEqual({ status, error });
      expect(body.message.length).toBeGreaterThan(5);
    }
    // No record, and nothing left of the refused uploads where files wait while they arrive.
    expect(await records()).toEqual(before);
    expect(await readdir(path.join(t.stateDir, 'updates', '.incoming')).catch(() => [])).toEqual([]);
    expect(model.requests).toHaveLength(0);
  });
});
