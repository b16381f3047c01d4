import { createHash } from 'node:crypto';
import { firstHeading, splitNote, tokenCount } from '../../vault/frontmatter.js';
import type { FileFacts } from './protocol.js';

export interface FileInfo {
  size: number;
  mtimeMs: number;
  birthtimeMs: number;
}

export interface NoteReading {
  facts: FileFacts;
  title: string;
  /** What search indexes: the note minus the fields Knower maintains (they would match every note). */
  indexText: string;
}

const JOB_FIELDS = new Set(['created', 'updated', 'tokens']);
const WANTED = new Set(['created', 'updated', 'tokens', 'title']);

/**
 * Top-level `key: value` lines of a frontmatter block, for the few keys Knower reads. A line
 * scan rather than a YAML parse: it runs on every note of a vault at first start, and nothing
 * here writes the note (the background job parses properly before it ever does).
 */
function scanFields(yaml: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of yaml.split(/\r?\n/)) {
    const m = /^([A-Za-z_][\w-]*)\s*:\s*(.*?)\s*$/.exec(line);
    if (!m || !WANTED.has(m[1]!) || fields.has(m[1]!)) continue;
    fields.set(m[1]!, m[2]!.replace(/^(["'])(.*)\1$/, '$2'));
  }
  return fields;
}

/** The frontmatter without Knower's own fields (and their continuation lines). */
function withoutJobLines(yaml: string): string {
  const kept: string[] = [];
  const lines = yaml.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const key = /^([A-Za-z_][\w-]*)\s*:/.exec(lines[i] ?? '')?.[1];
    if (key === undefined || !JOB_FIELDS.has(key)) {
      kept.push(lines[i] ?? '');
      continue;
    }
    while (i + 1 < lines.length && /^(\s+|- )/.test(lines[i + 1] ?? '')) i++;
  }
  return kept.join('\n').trim();
}

export function fileName(rel: string): string {
  return rel.slice(rel.lastIndexOf('/') + 1).replace(/\.md$/i, '');
}

/** Everything Knower derives from one note's text: its facts, its search title and indexed text. */
export function readNote(rel: string, text: string, info: FileInfo): NoteReading {
  const { yaml, body } = splitNote(text.replace(/^\uFEFF/, ''));
  const fields = yaml === undefined ? new Map<string, string>() : scanFields(yaml);
  const frontmatter: NonNullable<FileFacts['frontmatter']> = {};
  for (const key of ['created', 'updated', 'tokens'] as const) {
    const value = fields.get(key);
    if (value) frontmatter[key] = value;
  }
  const kept = yaml === undefined ? '' : withoutJobLines(yaml);
  const title = fields.get('title')?.trim() || firstHeading(body)?.trim() || fileName(rel);
  return {
    facts: {
      path: rel,
      kind: 'note',
      ...info,
      tokens: tokenCount(body),
      bodyHash: createHash('sha1').update(body).digest('hex'),
      ...(yaml !== undefined && { frontmatter }),
    },
    title,
    indexText: kept ? `---\n${kept}\n---\n${body}` : body,
  };
}
