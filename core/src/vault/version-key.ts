import { createHash } from 'node:crypto';
import { isRewritableText, withoutJobFields } from './note-reader.js';

export { withoutJobFields };

/**
 * Text is UTF-8 without NUL bytes (the note reader's rule for what Knower may rewrite); the rest
 * (images, PDFs, a note saved as Latin-1) is compared, diffed and restored as bytes.
 */
export const isTextContent = isRewritableText;

/**
 * What "unchanged since the agent read it" compares: text minus the job-managed fields (left
 * out so the job stamping the agent's own last write does not pass for a hand edit), or the raw
 * bytes of anything else. A string and its UTF-8 bytes give the same key.
 */
export function versionKey(content: string | Uint8Array): string {
  const hash = createHash('sha256');
  if (typeof content === 'string') hash.update(withoutJobFields(content));
  else if (isTextContent(content)) hash.update(withoutJobFields(Buffer.from(content).toString('utf8')));
  else hash.update(content);
  return hash.digest('hex');
}
