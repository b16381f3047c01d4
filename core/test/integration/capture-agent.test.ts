import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseNote } from '../../src/vault/index.js';
import { startFakeAnthropicServer, text, toolUse, turn, type FakeAnthropicServer, type WireRequest } from '../fakes/fake-anthropic-server.js';
import { articlePage, startFixtureSite, type FixtureSite } from '../fakes/fixture-site.js';
import { forUpdate } from '../fakes/scripted-model.js';
import { textOf, startMcpApp, type McpFixture } from '../mcp/mcp-client.js';
import { textPdf } from '../helpers/pdf-bytes.js';
import { startTestApp, updateEnded, type TestApp } from '../helpers/test-app.js';

const HOST = { host: '127.0.0.1:8000' };

/** Everything the runner put in the first user turn, as one text. */
function taskText(req: WireRequest | undefined): string {
  const first = req?.messages[0];
  if (!first) return '';
  return typeof first.content === 'string' ? first.content : first.content.map((b) => (typeof b.text === 'string' ? b.text : '')).join('\n');
}

describe('capture with a model (real SDK, fake Messages API)', () => {
  let site: FixtureSite;
  let model: FakeAnthropicServer;
  let t: TestApp;
  beforeAll(async () => {
    site = await startFixtureSite({
      '/kiln': {
        kind: 'body',
        type: 'text/html',
        body: articlePage({ title: 'Firing a wood kiln', site: 'Clay Notes', paragraphs: ['Reduction begins at cone 010.', 'Keep the damper half open; the flashing ware glows.'] }),
      },
    });
    model = await startFakeAnthropicServer();
    t = await startTestApp({ env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: model.baseURL, KNOWER_FETCH_ALLOW: site.host } });
    await t.knower.whenSettled();
  });
  afterAll(async () => {
    await t?.close();
    await model?.close();
    await site?.close();
  });

  it('the model is told where the clip is and shown its text; it files the clip where it belongs', async () => {
    let clipPath = '';
    model.push(
      forUpdate((_id, req) => {
        clipPath = /was clipped into (bucket\/\S+\.md)/.exec(taskText(req))?.[1] ?? '';
        return turn(toolUse('move', { from: clipPath, to: 'projects/pottery/firing-a-wood-kiln.md' }));
      }),
      turn(text('Filed the kiln article under pottery.')),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/update',
      headers: { ...HOST, 'content-type': 'application/json' },
      payload: JSON.stringify({ url: `${site.origin}/kiln`, text: 'for the pottery project' }),
    });
    const record = await updateEnded(t, res.json().id as string, 30_000);
    expect(record.status).toBe('done');
    const task = taskText(model.requests[0]?.body);
    expect(task).toContain('<update>\nfor the pottery project\n</update>');
    expect(task).toContain(`The update asks to keep this link: ${site.origin}/kiln`);
    expect(task).toContain('title "Firing a wood kiln"');
    expect(task).toContain('the flashing ware glows');
    expect(clipPath).toMatch(/^bucket\/.*firing-a-wood-kiln\.md$/);
    const moved = parseNote(await readFile(path.join(t.vault, 'projects/pottery/firing-a-wood-kiln.md'), 'utf8'));
    expect(moved.ok && moved.data).toMatchObject({ title: 'Firing a wood kiln', site: 'Clay Notes', source: `${site.origin}/kiln` });
    expect(record.captures?.[0]).toMatchObject({ kind: 'page', note: clipPath });
  });

  it("a PDF's text reaches the model with its pages, the original saved in the vault for it to link", async () => {
    model.push(turn(text('Nothing to file.')));
    const boundary = '----agent-pdf';
    const pdf = await textPdf(['Glaze recipe: 40 feldspar, 30 silica, 20 whiting, 10 kaolin.', 'Second page: fire to cone 6.']);
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="glazes.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/update', headers: { ...HOST, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    const record = await updateEnded(t, res.json().id as string, 30_000);
    const task = taskText(model.requests.at(-1)?.body);
    const saved = record.captures?.[0]?.path as string;
    expect(task).toContain(`${saved} (pdf, sent as "glazes.pdf"`);
    expect(task).toContain('Its text (2 pages)');
    expect(task).toContain('40 feldspar');
    expect(task).toContain('fire to cone 6');
    // The model filed nothing: the update is filed as received, the PDF linked from that note.
    expect(record).toMatchObject({ status: 'done', fallback: 'bucket' });
  });
});

describe('MCP remember with a url', () => {
  let site: FixtureSite;
  let t: McpFixture;
  beforeAll(async () => {
    site = await startFixtureSite({
      '/sourdough': {
        kind: 'body',
        type: 'text/html',
        body: articlePage({ title: 'Sourdough hydration', paragraphs: ['A levain at 100% hydration doubles in six hours at 24 °C; the crumb opens.'] }),
      },
    });
    t = await startMcpApp({ KNOWER_FETCH_ALLOW: site.host });
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  it('queues a clip of the page, and refuses a url that is no link', async () => {
    const client = await t.connect();
    const result = await t.call(client, 'remember', { url: `${site.origin}/sourdough`, text: 'bread notes' });
    expect(result.isError).toBeFalsy();
    const { id } = result.structuredContent as { id: string };
    const record = await updateEnded(t, id, 30_000);
    expect(record.url).toBe(`${site.origin}/sourdough`);
    const rel = record.captures?.[0]?.note as string;
    expect(await readFile(path.join(t.vault, rel), 'utf8')).toContain('doubles in six hours');
    const bad = await t.call(client, 'remember', { url: 'file:///etc/passwd' });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/http/);
  });
});

describe('a retried update runs its link again', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('a failed update keeps its link for the retry', async () => {
    const model = await startFakeAnthropicServer();
    try {
      t = await startTestApp({ env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: model.baseURL } });
      // The model refuses every call: the update fails into the inbox, its link kept.
      model.push(...Array.from({ length: 12 }, () => ({ kind: 'error' as const, status: 400, type: 'invalid_request_error', message: 'bad' })));
      const res = await t.app.inject({
        method: 'POST',
        url: '/update',
        headers: { ...HOST, 'content-type': 'application/json' },
        payload: JSON.stringify({ url: 'https://example.org/a', text: 'x' }),
      });
      const failed = await updateEnded(t, res.json().id as string, 30_000);
      expect(failed.status).toBe('failed');
      expect(await readFile(path.join(t.vault, 'inbox', failed.id, 'input.md'), 'utf8')).toContain('Link to keep: <https://example.org/a>');
      model.push(turn(text('ok')));
      const retried = await t.app.inject({ method: 'POST', url: `/updates/${failed.id}/retry`, headers: HOST });
      expect(retried.statusCode, retried.body).toBe(202);
      expect(t.knower.queue.get(retried.json().id as string)?.url).toBe('https://example.org/a');
    } finally {
      await model.close();
    }
  });
});
