import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { firstHeading, newlineOf, splitNote, tokenCount } from './frontmatter.js';
import { decodeUtf16, decodeWindows1252, readsAsText, utf16Mark } from './note-encoding.js';

/**
 * The one reader of notes: how a note's text divides into Knower's fields (created, updated,
 * tokens), the person's own frontmatter and the body, what its body hash and title are. The
 * scanner, the background job, version keys, diffs and the history all read notes through
 * here, so no two of them can disagree (they once did about a byte-order mark, and the job
 * stamped a second frontmatter block in front of the person's own).
 */

/** The encodings Knower reads notes in; it writes only UTF-8. */
export type NoteEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** A note's bytes as text: in which encoding, and whether Knower may write them back. */
export type NoteBytes = { encoding: NoteEncoding; text: string; rewritable: boolean } | { encoding: 'binary'; rewritable: false };

/** Bytes Knower may rewrite: valid UTF-8 without NUL bytes, the one encoding it writes back unchanged. */
export const isRewritableText = (bytes: Uint8Array): boolean => isUtf8(bytes) && !bytes.includes(0);

/**
 * Whether a note's bytes are text, in which encoding, and whether they may be rewritten. Only
 * UTF-8 is ever rewritten: writing anything else back re-encodes it (a Latin-1 `é` became U+FFFD,
 * for good, and the history kept only that). The others are read for listing and search:
 * - UTF-8 without NUL bytes: rewritable;
 * - a UTF-16 byte-order mark followed by valid UTF-16 (Notepad's "Unicode"): read only;
 * - anything else is read as Windows-1252, which reads Latin-1 too (what older Windows and Mac
 *   editors saved): every byte is one character, nothing is lost. Read only, and text only when
 *   that holds no control characters but tab, line breaks and form feed;
 * - the rest is binary (random bytes, an image named .md): listed, never indexed, never rewritten.
 */
export function decodeNote(bytes: Uint8Array): NoteBytes {
  const mark = utf16Mark(bytes);
  if (mark) {
    const text = decodeUtf16(bytes, mark === 'be');
    return text !== undefined && readsAsText(text) ? { encoding: mark === 'be' ? 'utf-16be' : 'utf-16le', text, rewritable: false } : { encoding: 'binary', rewritable: false };
  }
  if (isRewritableText(bytes)) return { encoding: 'utf-8', text: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'), rewritable: true };
  const text = decodeWindows1252(bytes);
  return readsAsText(text) ? { encoding: 'windows-1252', text, rewritable: false } : { encoding: 'binary', rewritable: false };
}

/** Why Knower leaves a note's bytes as they are, in words a person (or a model) can act on. */
export function whyNotRewritten(decoded: NoteBytes): string | undefined {
  if (decoded.rewritable) return undefined;
  if (decoded.encoding === 'binary') return 'it is not text (binary bytes in a .md file)';
  return `it is saved as ${decoded.encoding === 'windows-1252' ? 'Windows-1252 (Latin-1)' : decoded.encoding.toUpperCase()}, not UTF-8, and writing it back would re-encode it`;
}

/** Knower's fields as written in a note (raw strings, surrounding quotes dropped). */
export type JobFields = { created?: string; updated?: string; tokens?: string };

const JOB_FIELDS = new Set(['created', 'updated', 'tokens']);
const KEY_LINE = /^([A-Za-z_][\w-]*)\s*:\s*(.*?)\s*$/;
/** Lines that continue the value of the key above them (indented, or list items). */
const CONTINUATION = /^(\s+|- )/;

export interface NoteReading {
  /** The frontmatter block's YAML; undefined when the note has none. */
  yaml?: string;
  body: string;
  bom: boolean;
  newline: string;
  /** Knower's fields, when the note has a frontmatter block. */
  jobFields?: JobFields;
  /** The frontmatter's own `title:` line, if any. */
  titleField?: string;
  /** The frontmatter without Knower's fields (and their continuation lines). */
  keptYaml: string;
  tokens: number;
  bodyHash: string;
}

/** Top-level `key: value` lines of a frontmatter block, first occurrence of each key. */
function topLevelFields(yaml: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of yaml.split(/\r?\n/)) {
    const m = KEY_LINE.exec(line);
    if (!m || fields.has(m[1]!)) continue;
    fields.set(m[1]!, m[2]!.replace(/^(["'])(.*)\1$/, '$2'));
  }
  return fields;
}

/** The frontmatter's lines without Knower's fields: what the person wrote there. */
function keptLines(yaml: string): string[] {
  const kept: string[] = [];
  const lines = yaml === '' ? [] : yaml.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const key = KEY_LINE.exec(lines[i] ?? '')?.[1];
    if (key === undefined || !JOB_FIELDS.has(key)) {
      kept.push(lines[i] ?? '');
      continue;
    }
    // The job replaces a value spread over continuation lines as a whole: skip those too.
    while (i + 1 < lines.length && CONTINUATION.test(lines[i + 1] ?? '')) i++;
  }
  return kept;
}

/** sha1 of the body: `updated` moves when it changes, never for frontmatter edits. */
export const hashBody = (body: string): string => createHash('sha1').update(body).digest('hex');

/** Tokens and body hash of a body that goes on past `head`: the rest is hashed and counted as it streams by, never held. */
function measureBody(head: string, rest: Iterable<string>): { tokens: number; bodyHash: string } {
  const hash = createHash('sha1').update(head);
  let length = head.length;
  for (const chunk of rest) {
    hash.update(chunk);
    length += chunk.length;
  }
  return { tokens: tokenCount({ length }), bodyHash: hash.digest('hex') };
}

/**
 * `rest`: the text after `text`, for a note read in part (note-budget.ts). Then `body` is the
 * body as far as `text` goes, while its tokens and hash are the whole note's.
 */
export function readNoteText(text: string, rest?: Iterable<string>): NoteReading {
  const { yaml, body, bom } = splitNote(text);
  const measured = rest ? measureBody(body, rest) : { tokens: tokenCount(body), bodyHash: hashBody(body) };
  const base = { body, bom: bom === true, newline: newlineOf(text), ...measured };
  if (yaml === undefined) return { ...base, keptYaml: '' };
  const fields = topLevelFields(yaml);
  const jobFields: JobFields = {};
  for (const key of ['created', 'updated', 'tokens'] as const) {
    const value = fields.get(key);
    if (value) jobFields[key] = value;
  }
  const title = fields.get('title');
  return { ...base, yaml, jobFields, ...(title !== undefined && { titleField: title }), keptYaml: keptLines(yaml).join('\n').trim() };
}

const fileStem = (rel: string): string => rel.slice(rel.lastIndexOf('/') + 1).replace(/\.md$/i, '');

/** A note's title: its frontmatter title, else its first heading, else its file name. */
export function noteTitle(reading: Pick<NoteReading, 'titleField' | 'body'>, rel: string): string {
  return reading.titleField?.trim() || firstHeading(reading.body)?.trim() || fileStem(rel);
}

/**
 * The note as the person wrote it: without the fields the job keeps (they change on every
 * save), without a byte-order mark. A block the job added to a note that had none is the same
 * note without it. What version keys hash and what diffs show.
 */
export function withoutJobFields(text: string): string {
  const { yaml, body } = splitNote(text);
  if (yaml === undefined) return body;
  const kept = keptLines(yaml);
  return kept.length === 0 ? body : `---\n${kept.join('\n')}\n---\n${body}`;
}
