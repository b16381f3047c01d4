import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, text, toolUse, turn } from '../fakes/fake-anthropic-server.js';
import { startHistoryApp, type HistoryApp } from '../history/history-fixture.js';

interface Question {
  id: string;
  query: string;
  mode: string;
  scope?: string;
  status: string;
  created: string;
  finished?: string;
  answer?: { markdown: string; sources: string[] };
  error?: string;
  error_code?: string;
  retry_of?: string;
  retried_by?: string;
}

const seed = async (vault: string) => {
  const { mkdir } = await import('node:fs/promises');
  await mkdir(path.join(vault, 'projects/garden'), { recursive: true });
  await writeFile(path.join(vault, 'projects/garden/state.md'), '# State\n\nBeds ready for spring.\n');
};

describe('questions asked through POST /search are kept', () => {
  let h: HistoryApp;
  afterEach(async () => h?.close());

  it('keeps an answered question with its answer, and a failed one with its error, across a restart', async () => {
    h = await startHistoryApp({ prepare: seed });
    const events: Array<{ type: string; data: unknown }> = [];
    const unsubscribe = h.knower.bus.subscribe((e) => events.push(e));
    h.model.push(turn(toolUse('read', { path: 'projects/garden/state.md' })), turn(text('## Beds\n\nReady for spring.')));
    const answered = await h.post<{ markdown: string; question_id: string }>('/search', { query: 'How are the beds?', scope: 'project:garden' });
    unsubscribe();
    expect(answered.status).toBe(200);
    expect(answered.body.markdown).toContain('Ready for spring.');
    // Live progress: pending, each tool call of the search agent, then the answer.
    const id = answered.body.question_id;
    const seen = events.filter((e) => (e.data as { id?: string }).id === id).map((e) => [e.type, (e.data as { status?: string }).status ?? (e.data as { step: { tool: string; path: string } }).step]);
    expect(seen).toEqual([
      ['question_status', 'pending'],
      ['question_step', expect.objectContaining({ n: 1, tool: 'read', path: 'projects/garden/state.md', ok: true })],
      ['question_status', 'answered'],
    ]);

    h.model.push(apiError(400));
    const failed = await h.post<{ error: string; message: string; question_id: string }>('/search', { query: 'What about the roses?', mode: 'deep' });
    expect(failed.status).toBe(503);
    expect(failed.body.error).toBe('model_unavailable');
    expect(failed.body.question_id).toMatch(/^q-\d{8}-\d{6}-[0-9a-f]{6}$/);

    const files = await readdir(path.join(h.stateDir, 'questions'));
    expect(files.sort()).toEqual([`${answered.body.question_id}.json`, `${failed.body.question_id}.json`].sort());

    h = await h.restart();
    const one = await h.get<Question>(`/questions/${answered.body.question_id}`);
    expect(one.body).toMatchObject({
      query: 'How are the beds?',
      mode: 'fast',
      scope: 'project:garden',
      status: 'answered',
      answer: { markdown: '## Beds\n\nReady for spring.', sources: ['projects/garden/state.md'] },
    });
    expect(Date.parse(one.body.finished ?? '')).toBeGreaterThanOrEqual(Date.parse(one.body.created));
    const two = await h.get<Question>(`/questions/${failed.body.question_id}`);
    expect(two.body).toMatchObject({ query: 'What about the roses?', mode: 'deep', status: 'failed', error_code: 'model_unavailable' });
    expect(two.body.error).toMatch(/400/);
    expect(two.body.answer).toBeUndefined();
  });

  it('marks a question left pending by a stop as interrupted at the next start', async () => {
    h = await startHistoryApp();
    const dir = path.join(h.stateDir, 'questions');
    const pending: Question = { id: 'q-20250314-092600-abcdef', query: 'Cut short?', mode: 'fast', status: 'pending', created: '2025-03-14T09:26:00.000Z' };
    await writeFile(path.join(dir, `${pending.id}.json`), JSON.stringify(pending));
    // A torn temp file from an interrupted write is not a question.
    await writeFile(path.join(dir, `.${pending.id}.json.tmp`), '{"id": "q-');
    h = await h.restart();
    const { body } = await h.get<Question>(`/questions/${pending.id}`);
    expect(body).toMatchObject({ status: 'failed', error_code: 'interrupted', query: 'Cut short?' });
    const onDisk = JSON.parse(await readFile(path.join(dir, `${pending.id}.json`), 'utf8')) as Question;
    expect(onDisk.status).toBe('failed');
  });

  it('asks a failed question again, linked both ways; an answered one is not asked again', async () => {
    h = await startHistoryApp({ prepare: seed });
    h.model.push(apiError(400));
    const failed = await h.post<{ question_id: string }>('/search', { query: 'How are the beds?' });
    h.model.push(turn(text('Ready for spring.')));
    const again = await h.post<{ markdown: string; question_id: string }>(`/questions/${failed.body.question_id}/retry`);
    expect(again.status).toBe(200);
    expect(again.body.markdown).toBe('Ready for spring.');
    expect(again.body.question_id).not.toBe(failed.body.question_id);
    // The model was asked the same question.
    const asked = h.model.requests.at(-1)?.body.messages[0]?.content;
    expect(JSON.stringify(asked)).toContain('How are the beds?');

    expect((await h.get<Question>(`/questions/${failed.body.question_id}`)).body.retried_by).toBe(again.body.question_id);
    expect((await h.get<Question>(`/questions/${again.body.question_id}`)).body).toMatchObject({ status: 'answered', retry_of: failed.body.question_id });

    const refused = await h.post<{ error: string }>(`/questions/${again.body.question_id}/retry`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('question_not_failed');
    expect((await h.post<{ error: string }>('/questions/q-20990101-000000-000000/retry')).status).toBe(404);
    expect((await h.get<{ error: string }>('/questions/..%2F..%2Fetc')).status).toBe(404);
  });
});
