import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { UpdateStep } from '../../src/events/index.js';
import { KEPT_STEPS, stepOf, withStep } from '../../src/queue/update-steps.js';
import { apiError, slow, text, toolUse, turn } from '../fakes/fake-anthropic-server.js';
import { startHistoryApp, type HistoryApp } from '../history/history-fixture.js';
import { openSse } from '../helpers/sse-client.js';
import { waitFor } from '../helpers/temp-dir.js';

interface Record {
  id: string;
  status: string;
  steps?: UpdateStep[];
  step_count?: number;
  summary?: string;
  changes?: Array<{ path: string; kind: string }>;
}

const seed = async (vault: string) => {
  await mkdir(path.join(vault, 'projects/garden'), { recursive: true });
  await writeFile(path.join(vault, 'projects/garden/state.md'), '# State\n\nBeds ready for spring.\n');
  await writeFile(path.join(vault, 'projects/garden/seeds.md'), '# Seeds\n');
};

describe('live steps of an update', () => {
  let h: HistoryApp;
  afterEach(async () => h?.close());

  it('streams each tool call as update_step while the run goes on, and keeps the steps on the record', async () => {
    h = await startHistoryApp({ prepare: seed });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const address = h.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    const sse = await openSse(`http://127.0.0.1:${address.port}/sse`);
    try {
      h.model.push(
        turn(toolUse('read', { path: 'projects/garden/state.md' }), toolUse('search', { query: 'garlic beds' }), toolUse('read', { path: 'projects/garden/seeds.md' })),
        // The model takes its time here: the page must already see the first steps.
        slow(turn(toolUse('edit', { path: 'projects/garden/state.md', old_content: 'Beds ready', new_content: 'Beds planted' }), toolUse('read', { path: 'nowhere/missing.md' })), 800),
        turn(toolUse('move', { from: 'projects/garden/seeds.md', to: 'projects/garden/archive/seeds.md' })),
        turn(text('Marked the beds planted.')),
      );
      const { body } = await h.post<{ id: string }>('/update', { text: 'Planted the beds' });
      const id = body.id;

      const second = await sse.next((e) => e.event === 'update_step' && (e.data as { step: UpdateStep }).step.n === 2);
      expect(second.data).toMatchObject({ id, step: { n: 2, tool: 'search', query: 'garlic beds', ok: true } });
      // Mid-run, the record already holds what happened so far.
      const midRun = await h.get<Record>(`/updates/${id}`);
      expect(midRun.body.status).toBe('running');
      expect(midRun.body.steps?.map((s) => [s.tool, s.path ?? s.query])).toEqual(
        expect.arrayContaining([
          ['read', 'projects/garden/state.md'],
          ['search', 'garlic beds'],
        ]),
      );
      expect(midRun.body.steps?.some((s) => s.tool === 'edit')).toBe(false);
      expect(sse.events.some((e) => e.event === 'update_status' && (e.data as { status: string }).status === 'done')).toBe(false);

      await sse.next((e) => e.event === 'update_status' && (e.data as { status: string }).status === 'done');
      const steps = sse.events.filter((e) => e.event === 'update_step').map((e) => (e.data as { step: UpdateStep }).step);
      expect(steps.map((s) => s.n)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(steps[3]).toMatchObject({ tool: 'edit', path: 'projects/garden/state.md', ok: true });
      expect(steps[4]).toMatchObject({ tool: 'read', path: 'nowhere/missing.md', ok: false });
      expect(steps[4]?.error).toBeTruthy();
      expect(steps[5]).toMatchObject({ tool: 'move', path: 'projects/garden/seeds.md', to: 'projects/garden/archive/seeds.md', ok: true });

      await h.settle();
      h = await h.restart();
      const final = await h.get<Record>(`/updates/${id}`);
      expect(final.body).toMatchObject({ status: 'done', summary: 'Marked the beds planted.', step_count: 6 });
      expect(final.body.steps).toEqual(steps);
      expect(final.body.changes).toEqual(expect.arrayContaining([{ path: 'projects/garden/state.md', kind: 'edited' }]));
    } finally {
      sse.close();
    }
  });

  it('keeps the steps of a run that failed on its record', async () => {
    h = await startHistoryApp({ prepare: seed });
    h.model.push(turn(toolUse('read', { path: 'projects/garden/state.md' })), apiError(400));
    const failed = (await h.post<{ id: string }>('/update', { text: 'x' })).body.id;
    await waitFor(() => h.knower.queue.get(failed)?.status === 'failed', 10_000, 'the update to fail');
    expect(h.knower.queue.get(failed)).toMatchObject({ step_count: 1, steps: [{ n: 1, tool: 'read' }] });
  });
});

describe('steps', () => {
  const call = (name: string, input: unknown) => ({ name, input });

  it('names the path, the destination or the words of each tool, and shortens errors', () => {
    const at = new Date('2025-03-14T09:26:00Z');
    expect(stepOf(1, at, call('write', { path: 'a.md', content: 'x'.repeat(10_000) }), { content: 'ok' })).toEqual({ n: 1, at: at.toISOString(), tool: 'write', path: 'a.md', ok: true });
    expect(stepOf(2, at, call('search', { query: 'a\nb', mode: 'fast' }), { content: '' })).toMatchObject({ query: 'a b' });
    expect(stepOf(3, at, call('tree', { path: '', depth: 2 }), { content: '' })).not.toHaveProperty('path');
    const failed = stepOf(4, at, call('edit', { path: 'b.md' }), { content: 'e'.repeat(1000), isError: true });
    expect(failed.ok).toBe(false);
    expect(failed.error?.length).toBeLessThanOrEqual(300);
    expect(stepOf(5, at, call('odd', 'not an object'), { content: '' })).toMatchObject({ tool: 'odd', ok: true });
  });

  it(`keeps the latest ${KEPT_STEPS}`, () => {
    let steps: UpdateStep[] = [];
    for (let n = 1; n <= KEPT_STEPS + 15; n++) steps = withStep(steps, stepOf(n, new Date(), call('read', { path: `${n}.md` }), { content: '' }));
    expect(steps).toHaveLength(KEPT_STEPS);
    expect(steps[0]?.n).toBe(16);
    expect(steps.at(-1)?.n).toBe(KEPT_STEPS + 15);
  });
});
