import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { splitNote } from './frontmatter.js';

/**
 * Frontmatter keys the background job rewrites after every write. They are left out when two
 * versions of a note are compared: otherwise the agent's own last write, once the job has
 * stamped it, would look like a hand edit and block the agent from continuing its work.
 */
const JOB_FIELDS = /^(tokens|updated|created)\s*:/;

/** A note's content with the job-managed frontmatter lines removed. */
export function withoutJobFields(text: string): string {
  const { yaml, body } = splitNote(text);
  if (yaml === undefined) return body;
  const kept: string[] = [];
  const lines = yaml === '' ? [] : yaml.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (!JOB_FIELDS.test(line)) {
      kept.push(line);
      continue;
    }
    // The job replaces a value spread over continuation lines as a whole: skip those too.
    while (i + 1 < lines.length && /^(\s+|- )/.test(lines[i + 1] ?? '')) i++;
  }
  // The job adds a frontmatter block to a note that had none: an empty block is the same note.
  return kept.length === 0 ? body : `${kept.join('\n')}\n---\n${body}`;
}

/** Text is anything that decodes as UTF-8 without NUL bytes; the rest (images, PDFs) is bytes. */
export function isTextContent(bytes: Uint8Array): boolean {
  return isUtf8(bytes) && !bytes.includes(0);
}

/**
 * What "unchanged since the agent read it" compares: text minus the job-managed fields, or the
 * raw bytes of anything else. A string and its UTF-8 bytes give the same key.
 */
export function versionKey(content: string | Uint8Array): string {
  const hash = createHash('sha256');
  if (typeof content === 'string') hash.update(withoutJobFields(content));
  else if (isTextContent(content)) hash.update(withoutJobFields(Buffer.from(content).toString('utf8')));
  else hash.update(content);
  return hash.digest('hex');
}
