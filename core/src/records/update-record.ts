import type { AttachmentKind, CaptureOutcome, FileChange, Retrying, UpdateState } from '../api/index.js';
import type { UpdateStep } from '../events/index.js';

// The update's state, one file it changed (from its journal: a move is a delete and a create of the
// same bytes) and a run waiting out a model fault are the wire's words, from api/. `cancelled`:
// the person stopped it, queued or running (a run's changes so far are undone).
export type { FileChange, Retrying };

export const FINAL_STATUSES: ReadonlySet<UpdateState> = new Set(['done', 'inbox', 'failed', 'cancelled']);

/** One file an update carried, kept with its record until the update is filed (and for a retry). */
export interface StoredAttachment {
  /** As sent (a file name is a client's word: only shown, never used as a path). */
  name: string;
  /** From the bytes, when it was accepted. */
  kind: AttachmentKind;
  mediaType: string;
  /** File name inside the update's folder in the state dir. */
  file: string;
  size: number;
}

/** One accepted update as kept on disk (`<state>/updates/<id>/update.json`) and served by the API. */
export interface UpdateRecord {
  id: string;
  /** Acceptance order: recovery runs unfinished updates in this order. */
  seq: number;
  status: UpdateState;
  text: string;
  /** A link to capture (fetched when the update runs, again on a retry). */
  url?: string;
  inbox_ref?: string;
  attachments: StoredAttachment[];
  /** What became of the link and each file (where it is kept in the vault, its text, or why not). */
  captures?: CaptureOutcome[];
  /** Audio already in the vault to transcribe (`knower transcribe`), and the note waiting for it. */
  transcribe?: { audio: string; note?: string; of?: string };
  created: string;
  started?: string;
  finished?: string;
  attempts: number;
  files?: string[];
  /** What a folder delete or move of the run left where it was: it appeared or changed while it ran. */
  kept?: string[];
  /** What the run changed in the vault, from its journal (absent on records from before the history). */
  changes?: FileChange[];
  inbox_id?: string;
  /** The model changed nothing and asked nothing: the runner filed the text as received ('bucket'). */
  fallback?: 'bucket';
  summary?: string;
  error?: string;
  usage?: { inputTokens: number; outputTokens: number; cacheReadTokens: number; cacheWriteTokens: number };
  idempotency_key?: string;
  /** sha256 of the body sent with the key. */
  idempotency_hash?: string;
  /** The latest tool calls of the run (capped); `step_count` counts them all. */
  steps?: UpdateStep[];
  step_count?: number;
  /** A retry: the failed update whose input this one runs again. */
  retry_of?: string;
  /** The update that ran this one's input again after it failed. */
  retried_by?: string;
  /** While it waits to try again after a model fault (in memory and on the stream only). */
  retrying?: Retrying;
}

/** What clients see: the record without internals. */
export function publicView(record: UpdateRecord) {
  const { seq: _seq, attachments, idempotency_key: _key, idempotency_hash: _hash, ...rest } = record;
  return { ...rest, attachments: attachments.map((a) => ({ name: a.name, kind: a.kind, mediaType: a.mediaType, size: a.size })) };
}

/**
 * A record as read from disk: records written before attachments had kinds kept `images`, and
 * are read as attachments of kind image, so an old failed update can still be retried.
 */
export function fromDisk(raw: UpdateRecord & { images?: Array<Omit<StoredAttachment, 'kind'>> }): UpdateRecord {
  if (raw.attachments) return raw;
  const { images = [], ...rest } = raw;
  return { ...rest, attachments: images.map((image) => ({ ...image, kind: 'image' as const })) };
}
