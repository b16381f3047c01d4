import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listActivity, type ActivitySources } from '../../src/activity/index.js';
import type { UpdateRecord } from '../../src/records/index.js';
import { text, toolUse, turn } from '../fakes/fake-anthropic-server.js';
import { startHistoryApp, type HistoryApp } from '../history/history-fixture.js';

interface Item {
  type: 'update' | 'question';
  id: string;
  at: string;
  update?: { id: string; status: string; summary?: string; text?: string; changes?: Array<{ path: string; kind: string; from?: string }>; images?: unknown[] };
  question?: { id: string; status: string; query: string; answer?: { markdown: string } };
  history?: { commit: string; undone_by: string[]; undone: boolean };
}
interface Page {
  items: Item[];
  next_cursor?: string;
}

const seed = async (vault: string) => {
  await mkdir(path.join(vault, 'projects/garden'), { recursive: true });
  await writeFile(path.join(vault, 'projects/garden/state.md'), '# State\n\nBeds ready for spring.\n');
  await writeFile(path.join(vault, 'projects/garden/old-plan.md'), '# Old plan\n\nDig everything.\n');
  await writeFile(path.join(vault, 'projects/garden/seeds.md'), '# Seeds\n\nTomatoes, beans.\n');
};

describe('GET /activity: updates and questions together, newest first', () => {
  let h: HistoryApp;
  afterEach(async () => h?.close());

  it('lists three updates and a question after a restart, with summaries and each file marked created, edited, moved or deleted', async () => {
    h = await startHistoryApp({ prepare: seed });
    const first = await h.update('Planted garlic in bed 4', turn(toolUse('write', { path: 'projects/garden/garlic.md', content: '# Garlic\n\nBed 4.\n' })), turn(text('Created the garlic note.')));
    const second = await h.update(
      'The old plan is obsolete; seeds belong in the archive',
      turn(toolUse('read', { path: 'projects/garden/old-plan.md' }), toolUse('read', { path: 'projects/garden/state.md' }), toolUse('read', { path: 'projects/garden/seeds.md' })),
      turn(
        toolUse('delete', { path: 'projects/garden/old-plan.md' }),
        toolUse('move', { from: 'projects/garden/seeds.md', to: 'projects/garden/archive/seeds.md' }),
        toolUse('append', { path: 'projects/garden/state.md', content: '- Plan replaced.', position: 'bottom' }),
      ),
      turn(text('Deleted the old plan, archived the seed list and noted it.')),
    );
    h.model.push(turn(text('The beds are ready.')));
    const asked = await h.post<{ question_id: string }>('/search', { query: 'How are the beds?' });
    const third = await h.update('Nothing new really', turn(text('Nothing to file.')));

    h = await h.restart();
    const { status, body } = await h.get<Page>('/activity');
    expect(status).toBe(200);
    expect(body.items.map((i) => `${i.type}:${i.id}`)).toEqual([`update:${third}`, `question:${asked.body.question_id}`, `update:${second}`, `update:${first}`]);
    expect(body.next_cursor).toBeUndefined();

    const [none, question, many, created] = body.items as [Item, Item, Item, Item];
    // The model filed nothing: the runner filed the text as received, in a commit of its own.
    expect(none.update).toMatchObject({ status: 'done', fallback: 'bucket', summary: expect.stringContaining('Nothing to file.') });
    expect(none.update?.changes).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'created', path: expect.stringMatching(/^bucket\/.*\.md$/) })]));
    expect(none.history).toBeDefined();
    expect(question.question).toMatchObject({ status: 'answered', query: 'How are the beds?', answer: { markdown: 'The beds are ready.' } });
    expect(many.update?.summary).toBe('Deleted the old plan, archived the seed list and noted it.');
    const kinds = Object.fromEntries((many.update?.changes ?? []).map((c) => [c.path, c.kind]));
    expect(kinds).toMatchObject({
      'projects/garden/old-plan.md': 'deleted',
      'projects/garden/archive/seeds.md': 'moved',
      'projects/garden/state.md': 'edited',
    });
    expect(many.update?.changes?.find((c) => c.kind === 'moved')?.from).toBe('projects/garden/seeds.md');
    expect(created.update?.changes).toContainEqual({ path: 'projects/garden/garlic.md', kind: 'created' });
    expect(created.history).toMatchObject({ undone: false, undone_by: [] });
    expect(created.history?.commit).toMatch(/^[0-9a-f]{40}$/);
  });

  it('pages with next_cursor until every item is listed once, and refuses a cursor it did not give', async () => {
    h = await startHistoryApp();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.unshift(await h.update(`note ${i}`, turn(text(`Nothing for ${i}.`))));
      h.model.push(turn(text(`answer ${i}`)));
      ids.unshift((await h.post<{ question_id: string }>('/search', { query: `question ${i}` })).body.question_id);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const { body } = await h.get<Page>(`/activity?limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...body.items.map((i) => i.id));
      cursor = body.next_cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(2);
    expect(seen).toEqual(ids);

    expect((await h.get('/activity?cursor=not-a-cursor')).status).toBe(400);
    expect((await h.get('/activity?limit=0')).status).toBe(400);
    expect((await h.get('/activity?limit=101')).status).toBe(400);
  });

  it('says an update is undone while its undo stands, and not once the undo is undone', async () => {
    h = await startHistoryApp({ prepare: seed });
    const id = await h.update('Garlic', turn(toolUse('write', { path: 'projects/garden/garlic.md', content: '# Garlic\n' })), turn(text('Created the garlic note.')));
    const undo = await h.post<{ status: string; commit: string }>(`/updates/${id}/undo`);
    expect(undo.body.status).toBe('undone');
    await h.settle();
    const undone = (await h.get<Page>('/activity')).body.items.find((i) => i.id === id);
    expect(undone?.history).toMatchObject({ undone: true, undone_by: [undo.body.commit] });

    const redo = await h.post<{ status: string }>(`/history/${undo.body.commit}/undo`);
    expect(redo.body.status).toBe('undone');
    await h.settle();
    const back = (await h.get<Page>('/activity')).body.items.find((i) => i.id === id);
    expect(back?.history).toMatchObject({ undone: false, undone_by: [undo.body.commit] });
  });
});

describe('listActivity', () => {
  const record = (id: string, created: string): UpdateRecord => ({ id, seq: 0, status: 'done', text: id, attachments: [], created, attempts: 1 });
  const sources = (updates: UpdateRecord[], questions: Array<{ id: string; created: string }>): ActivitySources => ({
    updates: () => updates,
    questions: async () => questions.map((q) => ({ ...q, query: q.id, mode: 'fast' as const, status: 'answered' as const })),
    updateCommit: () => undefined,
    undoneBy: () => [],
    undone: () => false,
  });

  it('orders items made in the same millisecond by id, and never repeats or skips one across pages', async () => {
    const at = '2025-03-14T09:26:00.000Z';
    const s = sources(
      [record('20250314-092600-aaaaaa', at), record('20250314-092600-bbbbbb', at), record('20250314-092559-cccccc', '2025-03-14T09:25:59.000Z')],
      [{ id: 'q-20250314-092600-dddddd', created: at }],
    );
    const all = (await listActivity(s, { limit: 10 })).items.map((i) => i.id);
    expect(all).toEqual(['q-20250314-092600-dddddd', '20250314-092600-bbbbbb', '20250314-092600-aaaaaa', '20250314-092559-cccccc']);
    const paged: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listActivity(s, { limit: 1, ...(cursor ? { cursor } : {}) });
      paged.push(...page.items.map((i) => i.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(paged).toEqual(all);
  });
});
