import { captureUrl, UPDATE_LIMITS } from '../api/index.js';
import { getInboxItem, isInboxId } from '../inbox/index.js';
import type { UpdateQueue } from '../queue/index.js';
import type { NewAttachment, NewUpdate, UpdateRecord, UpdateStore } from '../records/index.js';
import { discardReceived, receiveAttachment } from './receive-attachment.js';

/** What a person, a phone's share sheet, a coding agent or a retry hands in. */
export interface SubmitInput {
  text: string;
  /** A link to capture: the page (or the file at it) is fetched when the update runs. */
  url?: string;
  attachments: NewAttachment[];
  /** Audio in the vault to transcribe now (the transcriptions service's updates). */
  transcribe?: NewUpdate['transcribe'];
  /** The inbox item this update answers. */
  inboxRef?: string;
  /** As the client sent it (an HTTP header may be repeated: that is refused, not guessed). */
  idempotencyKey?: string | string[];
  /** The failed update this one runs again. */
  retryOf?: string;
}

export type UpdateRefusalCode =
  'empty_update' | 'text_too_large' | 'invalid_url' | 'too_many_attachments' | 'attachment_too_large' | 'unknown_inbox_ref' | 'invalid_idempotency_key' | 'idempotency_key_reused';

export type SubmitOutcome = { ok: true; record: UpdateRecord; duplicate: boolean } | { ok: false; error: UpdateRefusalCode; message: string };

const refuse = (error: UpdateRefusalCode, message: string): SubmitOutcome => ({ ok: false, error, message });

/**
 * The one door into the update queue: /update, /share, MCP `remember` and a retry all come
 * through here, so the rules for a valid update live in one place and every edge refuses bad
 * input with the same code and sentence. Nothing is accepted until every rule has passed, and a
 * refused update's received files are removed.
 */
export function createUpdates(deps: { root: string; queue: Pick<UpdateQueue, 'submit'>; store: Pick<UpdateStore, 'incomingDir'> }) {
  async function check(input: SubmitInput): Promise<SubmitOutcome | undefined> {
    const { text, url, attachments, inboxRef, idempotencyKey: key, retryOf } = input;
    if (!text.trim() && !url && attachments.length === 0 && !input.transcribe) return refuse('empty_update', 'the update has no text, no link and no files');
    if (text.length > UPDATE_LIMITS.textChars) {
      return refuse('text_too_large', `the text has ${text.length} characters; the limit is ${UPDATE_LIMITS.textChars}`);
    }
    if (url !== undefined) {
      const parsed = captureUrl.safeParse(url);
      if (!parsed.success) return refuse('invalid_url', `url ${parsed.error.issues[0]?.message ?? 'is not valid'}`);
    }
    if (attachments.length > UPDATE_LIMITS.attachments) {
      return refuse('too_many_attachments', `the update has ${attachments.length} files; at most ${UPDATE_LIMITS.attachments} per update`);
    }
    // A retry carries the reply it was sent with, even when the item has been answered since.
    if (inboxRef !== undefined && !retryOf && !(isInboxId(inboxRef) && (await getInboxItem(deps.root, inboxRef)))) {
      return refuse('unknown_inbox_ref', `no pending inbox item ${JSON.stringify(inboxRef)} to reply to`);
    }
    if (Array.isArray(key) || (key !== undefined && (key.length === 0 || key.length > 200))) {
      return refuse('invalid_idempotency_key', 'Idempotency-Key must be one value of 1 to 200 characters');
    }
    return undefined;
  }

  async function submit(input: SubmitInput): Promise<SubmitOutcome> {
    const refused = await check(input);
    if (refused) {
      await discardReceived(deps.store.incomingDir(), input.attachments);
      return refused;
    }
    const { text, url, attachments, inboxRef, idempotencyKey: key, retryOf } = input;
    const update: NewUpdate = {
      text,
      ...(url ? { url } : {}),
      ...(input.transcribe ? { transcribe: input.transcribe } : {}),
      attachments,
      ...(inboxRef ? { inboxRef } : {}),
      ...(typeof key === 'string' ? { idempotencyKey: key } : {}),
      ...(retryOf ? { retryOf } : {}),
    };
    const { record, duplicate, conflict } = await deps.queue.submit(update);
    // A replayed or conflicting key accepted nothing new: the files received for it go.
    if (duplicate || conflict) await discardReceived(deps.store.incomingDir(), attachments);
    if (conflict) {
      return refuse(
        'idempotency_key_reused',
        `Idempotency-Key ${JSON.stringify(key)} was used ${record.created} for update ${record.id} with a different body; nothing was accepted. Use a new key for a new update.`,
      );
    }
    return { ok: true, record, duplicate };
  }

  /** Streams one uploaded file in for an update about to be submitted (see receiveAttachment). */
  const receive = (source: Parameters<typeof receiveAttachment>[1], name: string) => receiveAttachment(deps.store.incomingDir(), source, name);
  /** Files received for a body that was refused before it reached `submit`. */
  const discard = (attachments: readonly NewAttachment[]) => discardReceived(deps.store.incomingDir(), attachments);

  return { submit, receive, discard };
}

export type Updates = ReturnType<typeof createUpdates>;
