import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appendSteps, bodyOf, startHistoryApp, waitForHandCommit, type HistoryApp } from './history-fixture.js';

const NOTES = 'projects/garden/notes.md';
const ORIGINAL = '# Notes\n\nSoil is clay.\n';

interface Version {
  commit: string;
  kind: string;
  update_id?: string;
  change: { kind: string };
  hunks: Array<{ lines: string[] }>;
}

const changedLines = (v: Version | undefined) => v?.hunks.flatMap((h) => h.lines.filter((l) => /^[+-]/.test(l)));

describe("a note's versions and restore", () => {
  let h: HistoryApp;
  afterEach(async () => h?.close());

  async function start(): Promise<void> {
    h = await startHistoryApp({
      prepare: async (vault) => {
        await mkdir(path.join(vault, 'projects', 'garden'), { recursive: true });
        await writeFile(path.join(vault, NOTES), ORIGINAL);
      },
    });
  }

  it('lists who changed a note, when, with each diff, and restores an earlier version as an undoable commit', async () => {
    await start();
    const u1 = await h.update('Compost', ...appendSteps(NOTES, '- Compost added.'));
    await h.write(NOTES, (await h.read(NOTES)).replace('Soil is clay.', 'Soil is sandy.'));
    await waitForHandCommit(h, NOTES);

    const history = await h.get<{ path: string; versions: Version[] }>(`/vault/history?path=${encodeURIComponent(NOTES)}`);
    expect(history.status).toBe(200);
    const [hand, update, first] = history.body.versions;
    expect(history.body.versions.map((v) => [v.kind, v.change.kind])).toEqual([
      ['hand', 'edited'],
      ['update', 'edited'],
      ['snapshot', 'created'],
    ]);
    expect(update?.update_id).toBe(u1);
    expect(changedLines(hand)).toEqual(['-Soil is clay.', '+Soil is sandy.']);
    expect(changedLines(update)).toEqual(['+- Compost added.']);

    const restored = await h.post<{ status: string; commit: string; from: string }>('/vault/restore', { path: NOTES, commit: first?.commit });
    await h.settle();
    expect(restored.body).toMatchObject({ status: 'restored', from: first?.commit });
    expect(await bodyOf(h.vault, NOTES)).toBe(ORIGINAL);
    const again = await h.get<{ versions: Version[] }>(`/vault/history?path=${encodeURIComponent(NOTES)}&limit=1`);
    expect(again.body.versions[0]).toMatchObject({ kind: 'restore', commit: restored.body.commit });

    // The restore is undoable: the hand-edited version comes back.
    const undo = await h.post<{ status: string }>(`/history/${restored.body.commit}/undo`);
    await h.settle();
    expect(undo.body.status).toBe('undone');
    expect(await bodyOf(h.vault, NOTES)).toBe('# Notes\n\nSoil is sandy.\n- Compost added.\n');
    // Restoring the version the note holds already changes nothing.
    const same = await h.post<{ status: string; commit: string | null }>('/vault/restore', { path: NOTES, commit: hand?.commit });
    expect(same.body).toEqual({ status: 'unchanged', path: NOTES, from: hand?.commit, commit: null });
  });

  it('pages through versions with a cursor', async () => {
    await start();
    await h.update('One', ...appendSteps(NOTES, '- one'));
    await h.update('Two', ...appendSteps(NOTES, '- two'));
    // Both updates' commits are in the history before it is read (they land after the updates end).
    await h.settle();
    const first = await h.get<{ versions: Version[]; next_cursor?: string }>(`/vault/history?path=${encodeURIComponent(NOTES)}&limit=2`);
    expect(first.body.versions).toHaveLength(2);
    expect(first.body.next_cursor, JSON.stringify(first.body.versions.map((v) => [v.kind, v.update_id]))).toBeDefined();
    const second = await h.get<{ versions: Version[]; next_cursor?: string }>(`/vault/history?path=${encodeURIComponent(NOTES)}&limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body.versions.map((v) => v.kind)).toEqual(['snapshot']);
    expect(second.body.next_cursor).toBeUndefined();
    const all = await h.get<{ entries: unknown[]; next_cursor?: string }>('/history?limit=2');
    const rest = await h.get<{ entries: Array<{ kind: string }>; next_cursor?: string }>(`/history?limit=2&cursor=${all.body.next_cursor}`);
    expect(rest.body.entries.map((e) => e.kind)).toEqual(['snapshot']);
  });

  it('refuses bad restores and history requests with a clear error', async () => {
    await start();
    const snapshot = (await h.get<{ entries: Array<{ commit: string }> }>('/history')).body.entries[0]?.commit;
    const cases: Array<[Promise<{ status: number; body: { error?: string } }>, number, string]> = [
      [h.post('/vault/restore', { path: '../outside.md', commit: snapshot }), 400, 'path_traversal'],
      [h.post('/vault/restore', { path: 'tree.md', commit: snapshot }), 400, 'no_history'],
      [h.post('/vault/restore', { path: NOTES, commit: 'abcdef0' }), 404, 'commit_not_found'],
      [h.post('/vault/restore', { path: 'projects/never.md', commit: snapshot }), 404, 'version_not_found'],
      [h.post('/vault/restore', { path: NOTES }), 400, 'invalid_request'],
      [h.get('/vault/history?path=.git/config'), 400, 'path_hidden'],
      [h.get('/history?kind=nonsense'), 400, 'invalid_request'],
      [h.get('/updates/20990101-000000-abcdef/diff'), 404, 'update_not_found'],
    ];
    for (const [request, status, error] of cases) {
      const res = await request;
      expect({ status: res.status, error: res.body.error }).toEqual({ status, error });
    }
    expect(await bodyOf(h.vault, NOTES)).toBe(ORIGINAL);
  });
});
