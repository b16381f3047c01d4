import { afterEach, describe, expect, it } from 'vitest';
import { UpdateStore } from '../../src/records/index.js';
import { waitFor } from '../helpers/temp-dir.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

describe('Idempotency-Key', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  const post = (text: string, key: string) => t!.app.inject({ method: 'POST', url: '/update', payload: { text }, headers: { 'idempotency-key': key } });

  it('returns the original for the same body, and refuses the same key with another body (422, nothing accepted)', async () => {
    t = await startTestApp();
    await t.knower.whenSettled();
    const first = await post('Pick up the parcel', 'draft-7');
    expect(first.statusCode).toBe(202);
    const again = await post('Pick up the parcel', 'draft-7');
    expect(again.json().id).toBe(first.json().id);
    expect(again.headers['idempotent-replayed']).toBe('true');

    const other = await post('Call the plumber', 'draft-7');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ error: 'idempotency_key_reused' });
    expect(other.json().message).toContain('"draft-7"');
    expect(other.json().message).toContain(first.json().id);
    expect(t.knower.queue.recent()).toHaveLength(1);
  });

  it('forgets a key after a day: the same key then names a new update', async () => {
    t = await startTestApp();
    await t.knower.whenSettled();
    const dirs = { vault: t.vault, stateDir: t.stateDir, base: t.base };
    await t.app.close();
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60_000);
    const store = new UpdateStore(dirs.stateDir, () => twoDaysAgo);
    await store.load();
    const old = await store.create({ text: 'Old note', attachments: [], idempotencyKey: 'weekly' });
    t = await startTestApp({ dirs });
    await waitFor(() => t!.knower.queue.get(old.id)?.status === 'done', 10_000, 'the old update');
    const res = await post('A new week', 'weekly');
    expect(res.statusCode).toBe(202);
    expect(res.json().id).not.toBe(old.id);
  });
});
