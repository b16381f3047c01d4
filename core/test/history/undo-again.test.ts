import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { text, toolUse, turn } from '../fakes/fake-anthropic-server.js';
import { bodyOf, startHistoryApp, type HistoryApp } from './history-fixture.js';

interface UndoBody {
  status: string;
  of: string;
  update_id?: string;
  commit: string | null;
  reverted: Array<{ path: string; kind: string }>;
  conflicts: unknown[];
  inbox_id?: string;
  message: string;
}

const fileSteps = (rel: string) => [turn(toolUse('write', { path: rel, content: '# Noted\n' })), turn(text(`Filed into ${rel}.`))];

describe('undo of an update already undone', () => {
  let h: HistoryApp;
  afterEach(async () => h?.close());

  const commits = async () => (await h.get<{ entries: Array<{ commit: string }> }>('/history?limit=100')).body.entries.map((e) => e.commit);
  const inboxFolders = async () => readdir(path.join(h.vault, 'inbox')).catch(() => [] as string[]);

  it('answers "already undone" with the undo that stands, changes nothing and files no inbox item, until that undo is undone', async () => {
    h = await startHistoryApp();
    const beans = await h.update('Beans sown', ...fileSteps('bucket/beans.md'));
    const first = await h.post<UndoBody>(`/updates/${beans}/undo`);
    expect(first.body.status).toBe('undone');
    const target = first.body.of;
    expect(await h.post<UndoBody>(`/updates/${beans}/undo`).then((r) => r.body)).toMatchObject({ status: 'already_undone', commit: first.body.commit });

    // An undo undone in turn puts the update back: then it can be undone again (and that undo cannot).
    const putBack = await h.post<UndoBody>(`/history/${first.body.commit}/undo`);
    expect(putBack.body.status).toBe('undone');
    expect(await h.post<UndoBody>(`/history/${first.body.commit}/undo`).then((r) => r.body)).toMatchObject({ status: 'already_undone', commit: putBack.body.commit });
    const second = await h.post<UndoBody>(`/updates/${beans}/undo`);
    expect(second.body).toMatchObject({ status: 'undone', reverted: expect.arrayContaining([{ path: 'bucket/beans.md', kind: 'deleted' }]) });

    // A later update writes the changelog's top entry where the undone one was: undoing again
    // used to merge the update out of lines that no longer held it, and call that a conflict.
    await h.update('Peas sown', ...fileSteps('bucket/peas.md'));
    const changelog = await bodyOf(h.vault, 'changelog.md');
    const before = await commits();
    for (const route of [`/updates/${beans}/undo`, `/history/${target}/undo`]) {
      const again = await h.post<UndoBody>(route);
      expect(again.status, route).toBe(200);
      expect(again.body, route).toMatchObject({ status: 'already_undone', of: target, update_id: beans, commit: second.body.commit, reverted: [], conflicts: [] });
      expect(again.body.inbox_id, route).toBeUndefined();
      expect(again.body.message, route).toContain((second.body.commit as string).slice(0, 7));
    }
    await h.settle();
    expect(await commits()).toEqual(before);
    expect(await inboxFolders()).toEqual([]);
    expect(await bodyOf(h.vault, 'changelog.md')).toBe(changelog);

    // Read back from git after a restart, the undo still stands.
    h = await h.restart();
    expect(await h.post<UndoBody>(`/updates/${beans}/undo`).then((r) => r.body)).toMatchObject({ status: 'already_undone', commit: second.body.commit });
    expect(await inboxFolders()).toEqual([]);
  });
});
