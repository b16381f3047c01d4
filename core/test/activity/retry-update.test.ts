import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, text, toolUse, turn } from '../fakes/fake-anthropic-server.js';
import { forUpdate } from '../fakes/scripted-model.js';
import { startHistoryApp, type HistoryApp } from '../history/history-fixture.js';
import { updateEnded } from '../helpers/test-app.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

interface Record {
  id: string;
  status: string;
  text: string;
  inbox_ref?: string;
  inbox_id?: string;
  files?: string[];
  changes?: Array<{ path: string; kind: string }>;
  attachments: Array<{ name: string; size: number }>;
  retry_of?: string;
  retried_by?: string;
}

const seed = async (vault: string) => {
  await mkdir(path.join(vault, 'projects/garden'), { recursive: true });
  await writeFile(path.join(vault, 'projects/garden/state.md'), '# State\n\nBeds ready for spring.\n');
};

/** Sends an update with one image as multipart (the way the web app sends photos). */
async function sendWithImage(h: HistoryApp, words: string): Promise<string> {
  const boundary = 'knowerboundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\n${words}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="bed.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await h.app.inject({ method: 'POST', url: '/update', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
  return (res.json() as { id: string }).id;
}

const finished = (h: HistoryApp, id: string) => updateEnded(h, id, 20_000);

describe('POST /updates/:id/retry', () => {
  let h: HistoryApp;
  afterEach(async () => h?.close());

  it('runs the failed input again (text and images), and the failed inbox item is gone once the retry is done', async () => {
    h = await startHistoryApp({ prepare: seed });
    h.model.push(apiError(400));
    const failedId = await sendWithImage(h, 'Photo of bed 2: tomatoes planted');
    expect((await finished(h, failedId)).status).toBe('failed');
    await h.settle();
    const item = path.join(h.vault, 'inbox', failedId);
    expect((await readdir(item)).sort()).toEqual(['bed.png', 'input.md', 'review.md']);

    h.model.push(
      turn(toolUse('read', { path: 'projects/garden/state.md' })),
      turn(toolUse('append', { path: 'projects/garden/state.md', content: '- Tomatoes planted in bed 2.', position: 'bottom' })),
      turn(text('Filed the tomatoes.')),
    );
    const retried = await h.post<{ status: string; id: string; retry_of: string }>(`/updates/${failedId}/retry`);
    expect(retried.status).toBe(202);
    expect(retried.body).toMatchObject({ status: 'accepted', retry_of: failedId });
    expect(retried.body.id).not.toBe(failedId);
    const retry = await finished(h, retried.body.id);
    await h.settle();

    expect(retry.status).toBe('done');
    // The model saw the same words and the same image as for the failed update.
    const task = JSON.stringify(h.model.requests.at(-3)?.body.messages[0]?.content);
    expect(task).toContain(`Update id: ${retried.body.id}`);
    expect(task).toContain('Photo of bed 2: tomatoes planted');
    expect(task).toContain(PNG.toString('base64'));
    expect(retry.text).toBe('Photo of bed 2: tomatoes planted');
    expect(retry.attachments).toEqual([expect.objectContaining({ name: 'bed.png', size: PNG.length })]);
    expect(existsSync(item)).toBe(false);
    expect(retry.changes).toEqual(expect.arrayContaining([{ path: `inbox/${failedId}/review.md`, kind: 'deleted' }]));
    expect(retry.files).toEqual(expect.arrayContaining([`inbox/${failedId}/review.md`, 'projects/garden/state.md']));
    expect((await h.get<{ items: unknown[] }>('/inbox')).body.items).toEqual([]);
    // The failed record and its stored input stay as they were, now pointing at the retry.
    const original = (await h.get<Record>(`/updates/${failedId}`)).body;
    expect(original).toMatchObject({ status: 'failed', retried_by: retried.body.id, inbox_id: failedId });
    expect(await readFile(path.join(h.stateDir, 'updates', failedId, 'image-1.png'))).toEqual(PNG);

    // Nothing is lost: undoing the retry brings the failed item back.
    const undo = await h.post<{ status: string }>(`/updates/${retried.body.id}/undo`);
    expect(undo.body.status).toBe('undone');
    // Once the job has looked at the files put back (it writes by a temp file renamed).
    await h.settle();
    expect((await readdir(item)).sort()).toEqual(['bed.png', 'input.md', 'review.md']);
  });

  it('keeps one failed item per input when the retry fails too, and a second click gives the same retry', async () => {
    h = await startHistoryApp({ prepare: seed });
    h.model.push(apiError(400));
    const failedId = (await h.post<{ id: string }>('/update', { text: 'Garlic in bed 4' })).body.id;
    await finished(h, failedId);
    await h.settle();

    h.model.push(apiError(400));
    const [one, two] = await Promise.all([h.post<{ id: string }>(`/updates/${failedId}/retry`), h.post<{ id: string }>(`/updates/${failedId}/retry`)]);
    expect(two.body.id).toBe(one.body.id);
    const retry = await finished(h, one.body.id);
    await h.settle();
    expect(retry.status).toBe('failed');
    const inbox = await readdir(path.join(h.vault, 'inbox'));
    expect(inbox).toEqual([one.body.id]);
    expect(await readFile(path.join(h.vault, 'inbox', one.body.id, 'input.md'), 'utf8')).toContain('Garlic in bed 4');

    // Retrying the first one again follows the chain to the retry that failed.
    h.model.push(turn(text('Filed.')));
    const third = await h.post<{ id: string; retry_of: string }>(`/updates/${failedId}/retry`);
    expect(third.body.retry_of).toBe(one.body.id);
    expect((await finished(h, third.body.id)).status).toBe('done');
    await h.settle();
    expect(await readdir(path.join(h.vault, 'inbox'))).toEqual([]);
    expect(h.model.remaining()).toBe(0);
  });

  it('leaves the failed item where the person has added to it, and refuses what cannot be retried', async () => {
    h = await startHistoryApp({ prepare: seed });
    h.model.push(apiError(400));
    const failedId = (await h.post<{ id: string }>('/update', { text: 'Beans' })).body.id;
    await finished(h, failedId);
    await h.write(`inbox/${failedId}/my-notes.md`, '# My notes\n\nTry again tomorrow.\n');
    await h.settle();

    h.model.push(turn(text('Filed the beans.')));
    const retried = await h.post<{ id: string }>(`/updates/${failedId}/retry`);
    expect((await finished(h, retried.body.id)).status).toBe('done');
    await h.settle();
    expect((await readdir(path.join(h.vault, 'inbox', failedId))).sort()).toEqual(['input.md', 'my-notes.md', 'review.md']);

    const done = await h.post<{ error: string }>(`/updates/${retried.body.id}/retry`);
    expect(done.status).toBe(409);
    expect(done.body.error).toBe('update_not_failed');
    expect((await h.post<{ error: string }>('/updates/20990101-000000-000000/retry')).status).toBe(404);
  });

  it('keeps the inbox_ref of a failed reply', async () => {
    h = await startHistoryApp({ prepare: seed });
    h.model.push(
      forUpdate((id) => turn(toolUse('write', { path: `inbox/${id}/review.md`, content: '# Which bed?\n\nWhere do the beans go?\n' }))),
      turn(text('Asked.')),
    );
    const askId = (await h.post<{ id: string }>('/update', { text: 'Beans arrived' })).body.id;
    expect((await finished(h, askId)).status).toBe('inbox');
    h.model.push(apiError(400));
    const replyId = (await h.post<{ id: string }>('/update', { text: 'Bed 3', inbox_ref: askId })).body.id;
    expect((await finished(h, replyId)).status).toBe('failed');

    h.model.push(turn(toolUse('delete', { path: `inbox/${askId}` })), turn(text('Put the beans in bed 3.')));
    const retried = await h.post<{ id: string }>(`/updates/${replyId}/retry`);
    const retry = await finished(h, retried.body.id);
    expect(retry).toMatchObject({ status: 'done', inbox_ref: askId, text: 'Bed 3' });
    expect(JSON.stringify(h.model.requests.at(-2)?.body.messages[0]?.content)).toContain(`reply to inbox item ${askId}`);
    await h.settle();
    expect(await readdir(path.join(h.vault, 'inbox'))).toEqual([]);
  });
});
