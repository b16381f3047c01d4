import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { UndoReport } from '../api/index.js';
import type { UpdateQueue } from '../queue/index.js';
import type { NewAttachment, StoredAttachment, UpdateRecord, UpdateStore } from '../records/index.js';
import type { SubmitOutcome, Updates } from '../updates/index.js';

export type RetryOutcome = SubmitOutcome | { ok: false; error: 'update_not_found' | 'update_not_failed' | 'input_missing' | 'changed_since'; message: string };

/** An update that was filed, but whose link could not be captured (offline, a 404, a timeout): worth trying again. */
const linkNotCaptured = (record: UpdateRecord): boolean => Boolean(record.url && record.captures?.some((c) => c.source === record.url && c.problem));

type Undo = (id: string) => Promise<{ ok: true; value: UndoReport } | { ok: false; message: string }>;

/**
 * Runs a failed update's input again (text, link, files, inbox_ref) as a new update through the
 * update door (the same rules as a new update), linked both ways (`retry_of` / `retried_by`). The failed record and its stored input
 * stay as they are. Retrying an update already retried answers with its retry while that one
 * has not failed; a failed retry is retried in its turn. One retry at a time: a double click
 * does not queue the input twice.
 *
 * An update filed without its link (the page could not be fetched) is retried too: what it filed
 * is undone first, so the retry files the page in its place instead of beside it. When that
 * filing has changed since (the person edited the note), nothing is undone or sent again.
 */
export function createUpdateRetry(deps: { queue: Pick<UpdateQueue, 'get'>; updates: Pick<Updates, 'submit'>; store: Pick<UpdateStore, 'attachmentPath'>; undo: Undo }) {
  /** A kept file as the input of a new update: the store copies it, the failed record keeps its own. */
  async function again(record: UpdateRecord, attachment: StoredAttachment): Promise<NewAttachment> {
    const file = deps.store.attachmentPath(record, attachment);
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
    const ext = attachment.file.includes('.') ? attachment.file.slice(attachment.file.lastIndexOf('.') + 1) : '';
    return { name: attachment.name, kind: attachment.kind, mediaType: attachment.mediaType, ext, file, size: attachment.size, sha256: hash.digest('hex') };
  }

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
    const capturedInPart = (record.status === 'done' || record.status === 'inbox') && linkNotCaptured(record);
    if (record.status !== 'failed' && record.status !== 'cancelled' && !capturedInPart) {
      if (record.id !== id) return { ok: true, record, duplicate: true };
      return { ok: false, error: 'update_not_failed', message: `update ${id} is ${record.status}; only a failed or stopped update, or one whose link could not be captured, can be retried` };
    }
    if (capturedInPart) {
      const undone = await deps.undo(record.id);
      if (!undone.ok || undone.value.status === 'partial') {
        const why = undone.ok ? undone.value.message : undone.message;
        return {
          ok: false,
          error: 'changed_since',
          message: `what update ${record.id} filed has changed since, so it was not undone and the link was not sent again (${why}); send the link again as a new update`,
        };
      }
    }
    const failed = record;
    let attachments: NewAttachment[];
    try {
      attachments = await Promise.all(failed.attachments.map((attachment) => again(failed, attachment)));
    } catch {
      return { ok: false, error: 'input_missing', message: `the files of update ${failed.id} are no longer in the state folder; its inbox item keeps a copy` };
    }
    const outcome = await deps.updates.submit({
      text: failed.text,
      ...(failed.url ? { url: failed.url } : {}),
      ...(failed.transcribe ? { transcribe: failed.transcribe } : {}),
      attachments,
      ...(failed.inbox_ref ? { inboxRef: failed.inbox_ref } : {}),
      retryOf: failed.id,
    });
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
