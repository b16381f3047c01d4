import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { slow, text, toolUse, turn } from '../fakes/fake-anthropic-server.js';
import { waitFor } from '../helpers/temp-dir.js';
import { startHistoryApp, waitForHandCommit, type HistoryApp } from './history-fixture.js';

interface Entry {
  kind: string;
  update?: { id: string };
  changes: Array<{ path: string; kind: string }>;
}

const entries = async (h: HistoryApp) => (await h.get<{ entries: Entry[] }>('/history')).body.entries;

describe('hand edits in the history', () => {
  let h: HistoryApp;
  afterEach(async () => h?.close());

  it("commits a hand edit made while an update runs as the person's, and the update's write as the update's", async () => {
    h = await startHistoryApp({ quietMs: 100 });
    // The update writes its note, then thinks for a while before it finishes.
    h.model.push(turn(toolUse('write', { path: 'bucket/idea.md', content: '# Idea\n\nA greenhouse.\n' })), slow(turn(text('Filed the idea.')), 5000));
    const { body } = await h.post<{ id: string }>('/update', { text: 'Idea: a greenhouse' });
    await waitFor(
      () =>
        h.read('bucket/idea.md').then(
          () => true,
          () => false,
        ),
      10_000,
      'the update to write its note',
    );
    await h.write('profile.md', '# Profile\n\nLikes tomatoes.\n');
    // The quiet time passes while the update still runs: the snapshot must leave its note out.
    await waitForHandCommit(h, 'profile.md');
    expect(h.knower.queue.get(body.id)?.status).toBe('running');
    await waitFor(() => h.knower.queue.get(body.id)?.status === 'done', 10_000, 'the update');
    await h.settle();

    const [update, hand] = await entries(h);
    expect(update).toMatchObject({ kind: 'update', update: { id: body.id } });
    expect(update?.changes).toEqual([
      { path: 'bucket/idea.md', kind: 'created' },
      { path: 'changelog.md', kind: 'edited' },
    ]);
    expect(hand).toMatchObject({ kind: 'hand', changes: [{ path: 'profile.md', kind: 'edited' }] });
  });

  it('batches a burst of hand edits into one commit, folder deletions included', async () => {
    h = await startHistoryApp({
      quietMs: 300,
      prepare: async (vault) => {
        await mkdir(path.join(vault, 'projects', 'old'), { recursive: true });
        await writeFile(path.join(vault, 'projects/old/a.md'), '# A\n');
        await writeFile(path.join(vault, 'projects/old/b.md'), '# B\n');
      },
    });
    await h.write('bucket/one.md', '# One\n');
    await h.write('bucket/two.md', '# Two\n');
    await rm(path.join(h.vault, 'projects', 'old'), { recursive: true });
    await waitFor(async () => (await entries(h))[0]?.kind === 'hand', 10_000, 'the hand-edit commit');
    await h.settle();
    const hands = (await entries(h)).filter((e) => e.kind === 'hand');
    expect(hands).toHaveLength(1);
    expect(hands[0]?.changes).toEqual([
      { path: 'bucket/one.md', kind: 'created' },
      { path: 'bucket/two.md', kind: 'created' },
      { path: 'projects/old/a.md', kind: 'deleted' },
      { path: 'projects/old/b.md', kind: 'deleted' },
    ]);
  });

  it('commits the files of a folder moved into the vault (the watcher reports the folder alone)', async () => {
    h = await startHistoryApp({ quietMs: 300 });
    const outside = path.join(path.dirname(h.vault), 'outside');
    await mkdir(path.join(outside, 'sub'), { recursive: true });
    await writeFile(path.join(outside, 'top.md'), '# Top\n');
    await writeFile(path.join(outside, 'sub', 'deep.md'), '# Deep\n');
    const { rename } = await import('node:fs/promises');
    await rename(outside, path.join(h.vault, 'Moved in'));
    await waitFor(async () => (await entries(h))[0]?.kind === 'hand', 10_000, 'the hand-edit commit');
    await h.settle();
    expect((await entries(h)).find((e) => e.kind === 'hand')?.changes).toEqual([
      { path: 'Moved in/sub/deep.md', kind: 'created' },
      { path: 'Moved in/top.md', kind: 'created' },
    ]);
  });

  it('commits what changed while Knower was stopped at the next start, and nothing when nothing did', async () => {
    h = await startHistoryApp();
    const before = (await entries(h)).length;
    h = await h.restart();
    await h.settle();
    expect(await entries(h)).toHaveLength(before);
    await h.app.close();
    await writeFile(path.join(h.vault, 'tasks.md'), '# Tasks\n\n- Order seeds.\n');
    h = await h.restart();
    await h.settle();
    const [newest] = await entries(h);
    expect(newest).toMatchObject({ kind: 'hand', changes: [{ path: 'tasks.md', kind: 'edited' }] });
    // /health says when the comparison at start is over (benchmarks wait for it before measuring).
    expect((await h.get<{ history: { catchUp: string } }>('/health')).body.history.catchUp).toBe('done');
  });
});
