// An update's final status is shown once the history has its run: whoever sees "done" (a client
// polling, a page told by the event stream) and acts on it at once finds the update's commit.
import { afterEach, describe, expect, it } from 'vitest';
import { text, toolUse, turn } from '../fakes/fake-anthropic-server.js';
import { startHistoryApp, type HistoryApp } from './history-fixture.js';

interface Listing {
  entries: Array<{ kind: string; update?: { id: string } }>;
}

describe('an update shown as done', () => {
  let h: HistoryApp;
  afterEach(async () => h?.close());

  it('is in the history already: the listing and an undo asked for the moment it is shown find its commit', async () => {
    h = await startHistoryApp();
    let listed: Promise<{ body: Listing }> | undefined;
    let undone: Promise<{ status: number; body: { status: string; reverted?: Array<{ path: string; kind: string }> } }> | undefined;
    const unsubscribe = h.knower.bus.subscribe((e) => {
      if (e.type !== 'update_status' || e.data.status !== 'done' || listed) return;
      const id = e.data.id;
      listed = h.knower.history.whenIdle().then(() => h.get<Listing>('/history?limit=10'));
      undone = h.post(`/updates/${id}/undo`);
    });
    const id = await h.update('Planted garlic', turn(toolUse('write', { path: 'bucket/garlic.md', content: '# Garlic\n' })), turn(text('Filed the garlic.')));
    unsubscribe();
    const listing = await (listed as Promise<{ body: Listing }>);
    expect(listing.body.entries.filter((e) => e.kind === 'update').map((e) => e.update?.id)).toEqual([id]);
    const undo = await (undone as NonNullable<typeof undone>);
    expect(undo.status).toBe(200);
    expect(undo.body.status).toBe('undone');
    expect(undo.body.reverted?.map((r) => `${r.kind} ${r.path}`).sort()).toEqual(['deleted bucket/garlic.md', 'edited changelog.md']);
  });
});
