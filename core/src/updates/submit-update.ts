import { UPDATE_LIMITS } from '../api/index.js';
import { getInboxItem, isInboxId } from '../inbox/index.js';
import type { UpdateQueue } from '../queue/index.js';
import type { NewUpdate, UpdateRecord } from '../records/index.js';

/** What a person, a phone's share sheet, a coding agent or a retry hands in. */
export interface SubmitInput {
  text: string;
  images: NewUpdate['images'];
  /** The inbox item this update answers. */
  inboxRef?: string;
  /** As the client sent it (an HTTP header may be repeated: that is refused, not guessed). */
  idempotencyKey?: string | string[];
  /** The failed update this one runs again. */
  retryOf?: string;
}

export type UpdateRefusalCode = 'empty_update' | 'text_too_large' | 'unknown_inbox_ref' | 'invalid_idempotency_key' | 'idempotency_key_reused';

export type SubmitOutcome = { ok: true; record: UpdateRecord; duplicate: boolean } | { ok: false; error: UpdateRefusalCode; message: string };

const refuse = (error: UpdateRefusalCode, message: string): SubmitOutcome => ({ ok: false, error, message });

/**
 * The one door into the update queue: /update, /share, MCP `remember` and a retry all come
 * through here, so the rules for a valid update live in one place and every edge refuses bad
 * input with the same code and sentence. Nothing is accepted until every rule has passed.
 */
export function createUpdates(deps: { root: string; queue: Pick<UpdateQueue, 'submit'> }) {
  async function submit(input: SubmitInput): Promise<SubmitOutcome> {
    const { text, images, inboxRef, idempotencyKey: key, retryOf } = input;
    if (!text.trim() && images.length === 0) return refuse('empty_update', 'the update has no text and no images');
    if (text.length > UPDATE_LIMITS.textChars) {
      return refuse('text_too_large', `the text has ${text.length} characters; the limit is ${UPDATE_LIMITS.textChars}`);
    }
    // A retry carries the reply it was sent with, even when the item has been answered since.
    if (inboxRef !== undefined && !retryOf && !(isInboxId(inboxRef) && (await getInboxItem(deps.root, inboxRef)))) {
      return refuse('unknown_inbox_ref', `no pending inbox item ${JSON.stringify(inboxRef)} to reply to`);
    }
    if (Array.isArray(key) || (key !== undefined && (key.length === 0 || key.length > 200))) {
      return refuse('invalid_idempotency_key', 'Idempotency-Key must be one value of 1 to 200 characters');
    }
    const { record, duplicate, conflict } = await deps.queue.submit({
      text,
      images,
      ...(inboxRef ? { inboxRef } : {}),
      ...(key ? { idempotencyKey: key } : {}),
      ...(retryOf ? { retryOf } : {}),
    });
    if (conflict) {
      return refuse(
        'idempotency_key_reused',
        `Idempotency-Key ${JSON.stringify(key)} was used ${record.created} for update ${record.id} with a different body; nothing was accepted. Use a new key for a new update.`,
      );
    }
    return { ok: true, record, duplicate };
  }
  return { submit };
}

export type Updates = ReturnType<typeof createUpdates>;
