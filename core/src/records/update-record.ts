import type { FileChange, Retrying, UpdateState } from '../api/index.js';
import type { UpdateStep } from '../events/index.js';

// The update's state, one file it changed (from its journal: a move is a delete and a create of the
// same bytes) and a run waiting out a model fault are the wire's words, from api/. `cancelled`:
// the person stopped it, queued or running (a run's changes so far are undone).
export type { FileChange, Retrying };

export const FINAL_STATUSES: ReadonlySet<UpdateState> = new Set(['done', 'inbox', 'failed', 'cancelled']);

export interface StoredImage {
  name: string;
  mediaType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
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
  inbox_ref?: string;
  images: StoredImage[];
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
  const { seq: _seq, images, idempotency_key: _key, idempotency_hash: _hash, ...rest } = record;
  return { ...rest, images: images.map((i) => ({ name: i.name, mediaType: i.mediaType, size: i.size })) };
}
