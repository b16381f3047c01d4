import { readFile } from 'node:fs/promises';
import type { UpdateQueue } from '../queue/index.js';
import type { NewUpdate, UpdateStore } from '../records/index.js';
import type { SubmitOutcome, Updates } from '../updates/index.js';

export type RetryOutcome = SubmitOutcome | { ok: false; error: 'update_not_found' | 'update_not_failed' | 'input_missing'; message: string };

/**
 * Runs a failed update's input again (text, images, inbox_ref) as a new update through the
 * update door (the same rules as a new update), linked both ways (`retry_of` / `retried_by`). The failed record and its stored input
 * stay as they are. Retrying an update already retried answers with its retry while that one
 * has not failed; a failed retry is retried in its turn. One retry at a time: a double click
 * does not queue the input twice.
 */
export function createUpdateRetry(deps: { queue: Pick<UpdateQueue, 'get'>; updates: Pick<Updates, 'submit'>; store: Pick<UpdateStore, 'imagePath'> }) {
  let tail: Promise<unknown> = Promise.resolve();

  async function retry(id: string): Promise<RetryOutcome> {
    let record = deps.queue.get(id);
    if (!record) return { ok: false, error: 'update_not_found', message: 'no update with that id' };
    const seen = new Set<string>();
    while (record.retried_by && !seen.has(record.id)) {
      seen.add(record.id);
      const next = deps.queue.get(record.retried_by);
      if (!next) break;
      record = next;
    }
    // A stopped update is sent again the same way: its input is kept in the state dir.
    if (record.status !== 'failed' && record.status !== 'cancelled') {
      if (record.id !== id) return { ok: true, record, duplicate: true };
      return { ok: false, error: 'update_not_failed', message: `update ${id} is ${record.status}; only a failed or stopped update can be retried` };
    }
    const failed = record;
    let images: NewUpdate['images'];
    try {
      images = await Promise.all(failed.images.map(async (image) => ({ name: image.name, mediaType: image.mediaType, data: await readFile(deps.store.imagePath(failed, image)) })));
    } catch {
      return { ok: false, error: 'input_missing', message: `the images of update ${failed.id} are no longer in the state folder; its inbox item keeps a copy` };
    }
    const outcome = await deps.updates.submit({ text: failed.text, images, ...(failed.inbox_ref ? { inboxRef: failed.inbox_ref } : {}), retryOf: failed.id });
    return outcome.ok ? { ...outcome, duplicate: false } : outcome;
  }

  return {
    retry(id: string): Promise<RetryOutcome> {
      const run = tail.then(() => retry(id));
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

export type UpdateRetry = ReturnType<typeof createUpdateRetry>;
