import matter from 'gray-matter';

export interface NoteParts {
  /** The YAML between the delimiters, or undefined when the note has no frontmatter. */
  yaml?: string;
  /** Everything after the closing delimiter line. */
  body: string;
}

export type ParsedNote =
  | { ok: true; data: Record<string, unknown>; body: string; hasFrontmatter: boolean }
  | { ok: false; error: string; body: string };

const OPEN = /^---[ \t]*\r?\n/;
const CLOSE = /^(?:---|\.\.\.)[ \t]*$/m;

/** Splits a note at its frontmatter block: `---` on the first line, closed by a `---` line. */
export function splitNote(text: string): NoteParts {
  const open = OPEN.exec(text);
  if (!open) return { body: text };
  const afterOpen = text.slice(open[0].length);
  // The closing delimiter may also directly follow the opening one (empty frontmatter).
  const close = CLOSE.exec(afterOpen);
  if (!close) return { body: text };
  const yaml = afterOpen.slice(0, close.index).replace(/\r?\n$/, '');
  let rest = afterOpen.slice(close.index + close[0].length);
  rest = rest.replace(/^\r?\n/, '');
  return { yaml, body: rest };
}

/** Parses frontmatter with gray-matter; malformed YAML is a value, not an exception. */
export function parseNote(text: string): ParsedNote {
  const { yaml, body } = splitNote(text);
  if (yaml === undefined) return { ok: true, data: {}, body, hasFrontmatter: false };
  try {
    // Passing options keeps gray-matter from caching every document it has seen.
    const data: unknown = matter(`---\n${yaml}\n---\n`, {}).data;
    if (data === null || typeof data !== 'object' || Array.isArray(data)) {
      return { ok: false, error: 'frontmatter is not a mapping of keys to values', body };
    }
    return { ok: true, data: data as Record<string, unknown>, body, hasFrontmatter: true };
  } catch (err) {
    return { ok: false, error: (err as Error).message.split('\n')[0] ?? 'malformed YAML', body };
  }
}

export function tokenCount(body: string): number {
  return Math.ceil(body.length / 4);
}

export type FieldValue = string | number;

/**
 * Sets top-level frontmatter fields by editing only their own lines, so everything else the
 * person wrote (comments, key order, quoting, dates) stays byte-for-byte as it was.
 */
export function setFrontmatterFields(text: string, fields: Record<string, FieldValue>): string {
  const entries = Object.entries(fields).map(([k, v]) => `${k}: ${formatValue(v)}`);
  const { yaml, body } = splitNote(text);
  if (yaml === undefined) return `---\n${entries.join('\n')}\n---\n${text}`;
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = yaml === '' ? [] : yaml.split(/\r?\n/);
  for (const [key, value] of Object.entries(fields)) {
    const line = `${key}: ${formatValue(value)}`;
    const at = lines.findIndex((l) => l.startsWith(`${key}:`));
    if (at === -1) {
      lines.push(line);
      continue;
    }
    // A value spread over indented continuation lines is replaced as a whole.
    let end = at + 1;
    while (end < lines.length && /^(\s+|- )/.test(lines[end] ?? '')) end++;
    lines.splice(at, end - at, line);
  }
  return `---${newline}${lines.join(newline)}${newline}---${newline}${body}`;
}

function formatValue(value: FieldValue): string {
  return String(value);
}

/** ISO-8601 in UTC to the second: what `created` and `updated` hold. */
export function timestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The text of a note's first heading (any level), or undefined when it has none. */
export function firstHeading(body: string): string | undefined {
  return /^#{1,6}\s+(.+?)\s*#*\s*$/m.exec(body)?.[1];
}
