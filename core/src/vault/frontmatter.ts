import matter from 'gray-matter';

export interface NoteParts {
  /** The YAML between the delimiters, or undefined when the note has no frontmatter. */
  yaml?: string;
  /** Everything after the closing delimiter line (the whole note, less a byte-order mark, when there is none). */
  body: string;
  /** The note starts with a byte-order mark (notes saved on Windows often do): it stays first. */
  bom?: true;
}

export type ParsedNote = { ok: true; data: Record<string, unknown>; body: string; hasFrontmatter: boolean } | { ok: false; error: string; body: string };

const OPEN = /^---[ \t]*\r?\n/;
const CLOSE = /^(?:---|\.\.\.)[ \t]*$/m;

const BOM = '\uFEFF';

/**
 * Splits a note at its frontmatter block: `---` on the first line (after a byte-order mark, if
 * any), closed by a `---` line. The one place that knows where a note's frontmatter is: the
 * scanner, the job, version keys, diffs and the history all split notes here.
 */
export function splitNote(input: string): NoteParts {
  const bom = input.startsWith(BOM);
  const text = bom ? input.slice(1) : input;
  const mark = bom ? ({ bom: true } as const) : {};
  const open = OPEN.exec(text);
  if (!open) return { body: text, ...mark };
  const afterOpen = text.slice(open[0].length);
  // The closing delimiter may also directly follow the opening one (empty frontmatter).
  const close = CLOSE.exec(afterOpen);
  if (!close) return { body: text, ...mark };
  const yaml = afterOpen.slice(0, close.index).replace(/\r?\n$/, '');
  let rest = afterOpen.slice(close.index + close[0].length);
  rest = rest.replace(/^\r?\n/, '');
  return { yaml, body: rest, ...mark };
}

/** The line ending a note uses: CRLF notes keep CRLF in everything Knower adds. */
export const newlineOf = (text: string): string => (text.includes('\r\n') ? '\r\n' : '\n');

/** Frontmatter past this size is not parsed (a note's metadata is a few lines; this is something else). */
const MAX_FRONTMATTER_CHARS = 64 * 1024;
/**
 * Values a frontmatter may hold once its YAML aliases are followed. A 700-byte "billion laughs"
 * block parses instantly into shared references, then expands to gigabytes wherever it is
 * serialised (GET /vault/file took 1.1 GB and froze the service for seconds per request).
 */
const MAX_FRONTMATTER_VALUES = 10_000;

/** Why parsed frontmatter must not be used: too many values once expanded, or a value inside itself. */
function expansionProblem(root: unknown): string | undefined {
  const onPath = new Set<object>();
  const stack: Array<{ value: unknown } | { leave: object }> = [{ value: root }];
  let count = 0;
  while (stack.length > 0) {
    const item = stack.pop()!;
    if ('leave' in item) {
      onPath.delete(item.leave);
      continue;
    }
    const value = item.value;
    if (++count > MAX_FRONTMATTER_VALUES) return `frontmatter expands to more than ${MAX_FRONTMATTER_VALUES} values through YAML aliases; it is not read`;
    if (value === null || typeof value !== 'object' || value instanceof Date) continue;
    if (onPath.has(value)) return 'frontmatter holds a value inside itself (a YAML alias to its own anchor); it is not read';
    onPath.add(value);
    stack.push({ leave: value });
    for (const child of Object.values(value)) stack.push({ value: child });
  }
  return undefined;
}

/**
 * Parses frontmatter with gray-matter, within bounds; malformed YAML, an oversized block and an
 * alias bomb are values (the note stays listed and searchable, never rewritten), not exceptions.
 */
export function parseNote(text: string): ParsedNote {
  const { yaml, body } = splitNote(text);
  if (yaml === undefined) return { ok: true, data: {}, body, hasFrontmatter: false };
  if (yaml.length > MAX_FRONTMATTER_CHARS) {
    return { ok: false, error: `frontmatter is ${Math.ceil(yaml.length / 1024)} KB; Knower reads at most ${MAX_FRONTMATTER_CHARS / 1024} KB of it`, body };
  }
  try {
    // Passing options keeps gray-matter from caching every document it has seen.
    const data: unknown = matter(`---\n${yaml}\n---\n`, {}).data;
    if (data === null || typeof data !== 'object' || Array.isArray(data)) {
      return { ok: false, error: 'frontmatter is not a mapping of keys to values', body };
    }
    const problem = expansionProblem(data);
    if (problem) return { ok: false, error: problem, body };
    return { ok: true, data: data as Record<string, unknown>, body, hasFrontmatter: true };
  } catch (err) {
    return { ok: false, error: (err as Error).message.split('\n')[0] ?? 'malformed YAML', body };
  }
}

export function tokenCount(body: { length: number }): number {
  return Math.ceil(body.length / 4);
}

export type FieldValue = string | number;

/**
 * Sets top-level frontmatter fields by editing only their own lines, so everything else the
 * person wrote (comments, key order, quoting, dates) stays byte-for-byte as it was.
 */
export function setFrontmatterFields(text: string, fields: Record<string, FieldValue>): string {
  const entries = Object.entries(fields).map(([k, v]) => `${k}: ${formatValue(v)}`);
  const { yaml, body, bom } = splitNote(text);
  const newline = newlineOf(text);
  // The byte-order mark stays the first byte: one frontmatter block follows it, never two.
  const head = bom ? BOM : '';
  if (yaml === undefined) return `${head}---${newline}${entries.join(newline)}${newline}---${newline}${body}`;
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
  return `${head}---${newline}${lines.join(newline)}${newline}---${newline}${body}`;
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

/** A date field as read from frontmatter (YAML may parse it to a Date) as the text the API shows. */
export function formatDateField(value: unknown): string | undefined {
  if (value instanceof Date && !Number.isNaN(value.getTime())) return timestamp(value);
  if (typeof value === 'string' && value.trim()) return value.trim();
  return undefined;
}
