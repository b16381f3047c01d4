import { afterEach, describe, expect, it } from 'vitest';
import { activityPageSchema, noteSchema, searchHitsSchema, treeSchema, updateStatusSchema } from '@knower/api';
import { getNote, rawUrl } from '../src/lib/api';

// The zod boundary: tolerant of null for optional fields, strict on what the UI relies on.
describe('api schemas', () => {
  it('accepts a tree listing with optional and null fields', () => {
    const parsed = treeSchema.parse({
      files: [
        { path: 'a.md', kind: 'note', size: 12, tokens: 3, updated: '2025-06-10T12:00:00Z' },
        { path: 'b.png', kind: 'file', size: 99, tokens: null },
      ],
    });
    expect(parsed.files).toHaveLength(2);
  });

  it('rejects an unknown file kind', () => {
    expect(treeSchema.safeParse({ files: [{ path: 'a', kind: 'folder', size: 0 }] }).success).toBe(false);
  });

  it('reads whether search results are partial (the first indexing pass is still running)', () => {
    expect(searchHitsSchema.parse({ results: [], mode: 'fast', partial: true }).partial).toBe(true);
    expect(searchHitsSchema.parse({ results: [], mode: 'fast' }).partial).toBeUndefined();
  });

  it("keeps a PDF hit's page, and opens the raw PDF at it", () => {
    const hit = { path: 'papers/x y.pdf', title: 'X', score: 1, snippet: 'a quokka', page: 37 };
    expect(searchHitsSchema.parse({ results: [hit] }).results[0]?.page).toBe(37);
    expect(rawUrl('papers/x y.pdf', 37)).toBe('/vault/raw?path=papers%2Fx+y.pdf#page=37');
    expect(rawUrl('papers/x y.pdf')).toBe('/vault/raw?path=papers%2Fx+y.pdf');
  });

  it('defaults a missing frontmatter to an empty record', () => {
    expect(noteSchema.parse({ path: 'a.md', frontmatter: null, body: '# A' }).frontmatter).toEqual({});
  });

  it('rejects an update status outside the lifecycle', () => {
    expect(updateStatusSchema.safeParse({ id: 'u', status: 'working', created: 'now' }).success).toBe(false);
    expect(updateStatusSchema.parse({ id: 'u', status: 'inbox', created: 'now', inbox_id: 'i' }).inbox_id).toBe('i');
  });

  it('reads an activity page of updates and questions, and refuses an item of unknown type', () => {
    const page = activityPageSchema.parse({
      items: [
        { type: 'question', id: 'q1', at: 'now', question: { id: 'q1', query: 'When?', mode: 'fast', status: 'failed', created: 'now', error: 'model error 500', error_code: 'model_unavailable' } },
        {
          type: 'update',
          id: 'u1',
          at: 'now',
          update: { id: 'u1', status: 'done', created: 'now', changes: [{ path: 'a.md', kind: 'moved', from: 'b.md' }], steps: [{ n: 1, at: 'now', tool: 'read', path: 'b.md', ok: true }] },
          history: { commit: 'c', undone_by: [], undone: false },
        },
      ],
      next_cursor: null,
    });
    expect(page.items.map((i) => i.type)).toEqual(['question', 'update']);
    expect(activityPageSchema.safeParse({ items: [{ type: 'commit', id: 'x', at: 'now' }] }).success).toBe(false);
    expect(
      activityPageSchema.safeParse({ items: [{ type: 'update', id: 'u', at: 'now', update: { id: 'u', status: 'done', created: 'now', changes: [{ path: 'a', kind: 'renamed' }] } }] }).success,
    ).toBe(false);
  });
});

// The app takes a failure's code from the API's error body, the same codes the CLI reads.
describe('a refused request', () => {
  const answering = (status: number, body: unknown) => () => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  const real = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = real;
  });

  it('carries the code and the sentence of the error body, and takes no other code for one of the API', async () => {
    globalThis.fetch = answering(404, { error: 'not_found', message: 'no file at a.md' });
    expect(await getNote('a.md')).toEqual({ ok: false, problem: { status: 404, code: 'not_found', message: 'no file at a.md' } });
    globalThis.fetch = answering(400, { error: 'no_such_code', message: 'made up' });
    const answer = await getNote('a.md');
    expect(answer.ok ? undefined : answer.problem.code).toBe('http_400');
  });
});
