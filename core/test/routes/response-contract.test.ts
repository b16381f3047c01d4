import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  acceptedSchema,
  activityPageSchema,
  findSchema,
  folderListingSchema,
  healthSchema,
  historyEntrySchema,
  historyPageSchema,
  inboxListSchema,
  noteHistorySchema,
  noteSchema,
  resolveSchema,
  searchHitsSchema,
  treeSchema,
  updateListSchema,
  updateStatusSchema,
} from '../../src/api/index.js';
import { waitFor } from '../helpers/temp-dir.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// The web app parses every response with these schemas: the service's real answers must pass them.
describe('responses keep the shared contract', () => {
  let t: TestApp;
  let updateId: string;
  beforeAll(async () => {
    t = await startTestApp();
    await t.knower.whenSettled();
    const accepted = await t.app.inject({ method: 'POST', url: '/update', payload: { text: 'The heron came back to the pond today' } });
    updateId = acceptedSchema.parse(accepted.json()).id;
    await waitFor(() => ['done', 'inbox', 'failed'].includes(t.knower.queue.get(updateId)?.status ?? ''), 20_000, 'the update to finish');
    await t.knower.whenSettled();
  });
  afterAll(() => t?.close());

  const parsed = async (url: string, schema: z.ZodType) => {
    const res = await t.app.inject(url);
    expect(res.statusCode, url).toBe(200);
    const result = schema.safeParse(res.json());
    expect(result.error?.issues ?? [], url).toEqual([]);
    return result.data as Record<string, unknown>;
  };

  it('for the vault: listing, folders, notes, lookups and search', async () => {
    const tree = (await parsed('/vault/tree', treeSchema)) as z.infer<typeof treeSchema>;
    expect(tree.files.map((f) => f.path)).toContain('overview.md');
    await parsed('/vault/tree?path=', folderListingSchema);
    await parsed('/vault/file?path=overview.md', noteSchema);
    await parsed('/vault/find?q=overview', findSchema);
    await parsed('/vault/resolve?link=overview&from=tasks.md', resolveSchema);
    // The new note reaches search through the watcher, a moment after the update is done.
    await waitFor(async () => ((await parsed('/vault/search?q=heron', searchHitsSchema)) as z.infer<typeof searchHitsSchema>).results.length > 0, 10_000, 'the note in search');
  });

  it('for updates, activity, the inbox, history and health', async () => {
    await parsed(`/updates/${updateId}`, updateStatusSchema);
    await parsed('/updates', updateListSchema);
    const page = (await parsed('/activity', activityPageSchema)) as z.infer<typeof activityPageSchema>;
    expect(page.items.map((item) => item.id)).toContain(updateId);
    await parsed('/inbox', inboxListSchema);
    await parsed('/vault/history?path=overview.md', noteHistorySchema);
    await parsed('/health', healthSchema);
    const history = (await parsed('/history', historyPageSchema)) as z.infer<typeof historyPageSchema>;
    expect(history.entries.length).toBeGreaterThan(0);
    await parsed(`/history/${history.entries[0]!.commit}`, historyEntrySchema);
  });

  it('are refused when they break the declared schema, never sent half-right', async () => {
    const { checkedSerializer } = await import('../../src/http/index.js');
    const serialize = checkedSerializer({ schema: acceptedSchema, method: 'POST', url: '/update' });
    // Fields the schema does not name are sent as they are: the check never drops what a client reads.
    expect(JSON.parse(serialize({ status: 'accepted', id: 'x', extra: 1 }))).toEqual({ status: 'accepted', id: 'x', extra: 1 });
    expect(() => serialize({ status: 'accepted' })).toThrow();
  });
});
