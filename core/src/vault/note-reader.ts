import { createHash } from 'node:crypto';
import { firstHeading, newlineOf, splitNote, tokenCount } from './frontmatter.js';

/**
 * The one reader of notes: how a note's text divides into Knower's fields (created, updated,
 * tokens), the person's own frontmatter and the body, what its body hash and title are. The
 * scanner, the background job, version keys, diffs and the history all read notes through
 * here, so no two of them can disagree (they once did about a byte-order mark, and the job
 * stamped a second frontmatter block in front of the person's own).
 */

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
