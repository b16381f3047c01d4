import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, calls, forUpdate, say, startFakeOpenAIServer, toolCall, type FakeOpenAIOptions, type FakeOpenAIServer } from '../fakes/fake-openai-server.js';
import { waitFor } from '../helpers/temp-dir.js';
import { startTestApp, updateEnded, type TestApp } from '../helpers/test-app.js';

// The three moments over HTTP, with the real openai client against a local OpenAI-compatible
// server, answering plainly and streamed.

async function seedGarden(vault: string): Promise<void> {
  await mkdir(path.join(vault, 'projects', 'garden'), { recursive: true });
  await writeFile(path.join(vault, 'projects', 'garden', 'description.md'), '# Garden\n\nThe vegetable garden behind the house.\n');
  await writeFile(path.join(vault, 'projects', 'garden', 'state.md'), '# State\n\n- Beds are dug.\n');
}

let t: TestApp | undefined;
let model: FakeOpenAIServer | undefined;
afterEach(async () => {
  await t?.close();
  await model?.close();
  t = model = undefined;
});

async function start(stream: boolean, fake: FakeOpenAIOptions = {}) {
  model = await startFakeOpenAIServer(fake);
  t = await startTestApp({
    env: { KNOWER_PROVIDER: 'openai', OPENAI_BASE_URL: model.baseURL, KNOWER_MODEL: 'llama3.1:8b', KNOWER_OPENAI_STREAM: stream ? '1' : '0' },
    prepare: seedGarden,
  });
  await t.knower.whenSettled();
  const app = t.app;
  const post = async (route: string, body: unknown) => app.inject({ method: 'POST', url: route, payload: body as Record<string, unknown> });
  const finished = (id: string) => updateEnded(t!, id, 20_000);
  const health = async () => (await app.inject({ method: 'GET', url: '/health' })).json() as { provider: Record<string, unknown> };
  return { server: model, app, post, finished, health, vault: t.vault };
}

describe.each([
  ['plain', false],
  ['streamed', true],
])('the three moments on an OpenAI-compatible server (%s)', (_label, stream) => {
  it('routes an update into a project and logs it with its id; /health names provider and model', async () => {
    const { server, post, finished, health, vault } = await start(stream);
    server.push(
      calls(toolCall('read', { path: 'projects/garden/state.md' })),
      calls(toolCall('append', { path: 'projects/garden/state.md', content: '- Tomatoes planted in bed 2.', position: 'bottom' })),
      say('Added the planting to the garden state.'),
    );
    const res = await post('/update', { text: 'Planted the tomatoes in bed 2 today' });
    expect(res.statusCode).toBe(202);
    const record = await finished(res.json<{ id: string }>().id);
    expect(record).toMatchObject({ status: 'done', files: ['changelog.md', 'projects/garden/state.md'], summary: 'Added the planting to the garden state.' });
    expect(await readFile(path.join(vault, 'projects/garden/state.md'), 'utf8')).toContain('- Tomatoes planted in bed 2.');
    expect(await readFile(path.join(vault, 'changelog.md'), 'utf8')).toContain(`· update ${record.id}`);
    expect(server.requests.every((r) => (r.body.stream ?? false) === stream)).toBe(true);
    expect((await health()).provider).toEqual({ name: 'openai', model: 'llama3.1:8b', searchModel: 'llama3.1:8b', baseURL: server.baseURL, tools: 'supported' });
  });

  it('sends an ambiguous update to the inbox, then carries out the reply and removes the item', async () => {
    const { server, app, post, finished, vault } = await start(stream);
    server.push(
      forUpdate((id) => calls(toolCall('write', { path: `inbox/${id}/review.md`, content: '# Which project is the trellis for?\n\n## What I need from you\nIs it for the garden?\n' }))),
      say('Asked where the trellis belongs.'),
    );
    const first = (await post('/update', { text: 'Ordered a cedar trellis' })).json<{ id: string }>();
    expect((await finished(first.id)).status).toBe('inbox');
    const inbox = (await app.inject({ method: 'GET', url: '/inbox' })).json<{ items: Array<{ id: string; title: string }> }>();
    expect(inbox.items).toEqual([expect.objectContaining({ id: first.id, title: 'Which project is the trellis for?' })]);

    server.push(
      calls(toolCall('read', { path: 'projects/garden/state.md' })),
      calls(toolCall('append', { path: 'projects/garden/state.md', content: '- Cedar trellis ordered.', position: 'bottom' }), toolCall('delete', { path: `inbox/${first.id}` })),
      say('Filed the trellis under the garden and closed the item.'),
    );
    const reply = (await post('/update', { text: 'Yes, the garden', inbox_ref: first.id })).json<{ id: string }>();
    expect((await finished(reply.id)).status).toBe('done');
    expect(await readdir(path.join(vault, 'inbox'))).toEqual([]);
    expect(await readFile(path.join(vault, 'projects/garden/state.md'), 'utf8')).toContain('- Cedar trellis ordered.');
  });

  it('answers a question citing the notes it used', async () => {
    const { server, post } = await start(stream);
    server.push(calls(toolCall('read', { path: 'projects/garden/state.md' })), say('The beds are dug ([projects/garden/state.md](projects/garden/state.md)).'));
    const res = await post('/search', { query: 'What state is the garden in?' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ markdown: expect.stringContaining('The beds are dug'), sources: ['projects/garden/state.md'] });
  });
});

describe('faults over HTTP (openai provider)', () => {
  it('retries a 429, then files the update', async () => {
    const { server, post, finished } = await start(true);
    server.push(apiError(429), say('Nothing to file.'));
    const { id } = (await post('/update', { text: 'A passing thought' })).json<{ id: string }>();
    expect(await finished(id)).toMatchObject({ status: 'done', attempts: 1 });
    expect(server.requests).toHaveLength(2);
  });

  it('files an update the server keeps failing into the inbox with its raw text and image', async () => {
    const { server, app, finished, vault } = await start(true);
    for (let i = 0; i < 20; i++) server.push(apiError(500));
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const form = new FormData();
    form.append('text', 'Receipt for the compost bin');
    form.append('images', new Blob([png], { type: 'image/png' }), 'receipt.png');
    const multipart = new Response(form);
    const res = await app.inject({ method: 'POST', url: '/update', payload: Buffer.from(await multipart.arrayBuffer()), headers: { 'content-type': multipart.headers.get('content-type')! } });
    expect(res.statusCode).toBe(202);
    const record = await finished(res.json<{ id: string }>().id);
    expect(record).toMatchObject({ status: 'failed', inbox_id: record.id, error: expect.stringContaining('500') });
    expect(await readdir(path.join(vault, 'inbox', record.id))).toEqual(expect.arrayContaining(['review.md', 'input.md', 'receipt.png']));
    expect(await readFile(path.join(vault, 'inbox', record.id, 'input.md'), 'utf8')).toContain('Receipt for the compost bin');
  });

  it('with a model that cannot call tools: /health says so, an update lands in the inbox with the reason, a question gets a 503 saying why', async () => {
    const { server, app, post, finished, health, vault } = await start(false, { tools: false });
    await waitFor(async () => (await health()).provider.tools === 'unsupported', 5000, 'the probe');
    expect((await health()).provider.problem).toMatch(/"llama3\.1:8b" cannot call tools.*does not support tools.*KNOWER_MODEL/);

    const { id } = (await post('/update', { text: 'Buy more seed potatoes' })).json<{ id: string }>();
    const record = await finished(id);
    // Not retried: it would fail the same way every time.
    expect(record).toMatchObject({ status: 'failed', attempts: 1, error: expect.stringContaining('cannot call tools') });
    expect(server.requests).toHaveLength(1);
    expect(await readFile(path.join(vault, 'inbox', id, 'input.md'), 'utf8')).toContain('Buy more seed potatoes');
    expect(await readFile(path.join(vault, 'inbox', id, 'review.md'), 'utf8')).toContain('cannot call tools');

    const answer = await post('/search', { query: 'What do I need to buy?' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json<{ message: string }>().message).toContain('cannot call tools');
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });
});
