import { formatDateField, hashBody, timestamp, tokenCount, type FieldValue } from '../vault/index.js';

export interface MetadataPlan {
  tokens: number;
  bodyHash: string;
  /** Fields to write; empty when the frontmatter is already right. */
  fields: Record<string, FieldValue>;
  updated: string | undefined;
}

/**
 * What the job sets in a note's frontmatter. `updated` moves only when the body changed since
 * the job last saw it (or is missing), so restarts and frontmatter-only edits don't touch it.
 * A missing `created` comes from the file's own times.
 */
export function planMetadata(
  data: Record<string, unknown>,
  body: string,
  previousBodyHash: string | undefined,
  now: Date,
  /** When the file came to be (its birth time, else its modification time): `created` is never "now". */
  born: Date,
): MetadataPlan {
  const tokens = tokenCount(body);
  const bodyHash = hashBody(body);
  const fields: Record<string, FieldValue> = {};
  const at = timestamp(now);
  if (data.tokens !== tokens) fields.tokens = tokens;
  if (formatDateField(data.created) === undefined) fields.created = timestamp(born);
  const bodyChanged = previousBodyHash !== undefined && previousBodyHash !== bodyHash;
  let updated = formatDateField(data.updated);
  if (updated === undefined || bodyChanged || fields.tokens !== undefined) {
    fields.updated = at;
    updated = at;
  }
  return { tokens, bodyHash, fields, updated };
}
