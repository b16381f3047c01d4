import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { withoutJobFields } from './note-reader.js';

export { withoutJobFields };

/** Text is anything that decodes as UTF-8 without NUL bytes; the rest (images, PDFs) is bytes. */
export function isTextContent(bytes: Uint8Array): boolean {
  return isUtf8(bytes) && !bytes.includes(0);
}

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
