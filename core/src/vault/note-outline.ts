/**
 * A note's structure: its headings with their levels and line numbers, and the lines each one
 * governs. What counts as a heading follows CommonMark where it matters for real notes: ATX
 * headings (`## Title`, up to three spaces of indent, optional closing #s), setext headings (a
 * paragraph underlined with `===` or `---`), nothing inside fenced code or indented code, and
 * nothing in the YAML frontmatter. Line numbers are the file's own (1-based, frontmatter
 * counted), so they match what `read` shows and what an editor says.
 */

export interface OutlineHeading {
  /** 1 to 6. */
  level: number;
  /** The heading's text, closing #s and surrounding spaces removed, inner spaces collapsed. */
  text: string;
  /** Line of the heading (a setext heading's first text line). */
  line: number;
  /** Last line of its section: the line before the next heading of the same or a higher level, or the last line. */
  end: number;
  /** The texts of the headings it sits under, outermost first. */
  parents: string[];
  /** 1 for the first heading with this text in the note, 2 for the second, … (compared as headingKey does). */
  occurrence: number;
}

export interface NoteOutline {
  /** Lines in the file. */
  lines: number;
  headings: OutlineHeading[];
}

const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const SETEXT_1 = /^ {0,3}=+[ \t]*$/;
const SETEXT_2 = /^ {0,3}-+[ \t]*$/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
/**
 * Lines that open a list item, a quote, an HTML block or a table: the lines that follow them
 * (up to a blank line) belong to that block, so an underline there makes no heading.
 */
const CONTAINER = /^ {0,3}(?:[-*+](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)|>|<|\|)/;

/** The lines of the frontmatter block (`---` first line … closing `---` or `...`), 0 when there is none. */
export function frontmatterLines(lines: readonly string[]): number {
  if (!/^---[ \t]*$/.test(lines[0] ?? '')) return 0;
  for (let i = 1; i < lines.length; i++) if (/^(?:---|\.\.\.)[ \t]*$/.test(lines[i]!)) return i + 1;
  return 0;
}

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Splits text into lines the way editors number them (\n, \r\n or \r). */
export function noteLines(text: string): string[] {
  const bare = text.replace(/^\uFEFF/, '');
  // Most notes end lines with \n alone: a plain split is several times faster than the pattern.
  const lines = bare.includes('\r') ? bare.split(/\r\n|\r|\n/) : bare.split('\n');
  // A final newline ends the last line; it does not start an empty one.
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export function outlineNote(text: string): NoteOutline {
  return outlineLines(noteLines(text));
}

/** The outline of a note already split by noteLines (search cuts its passages from the same lines). */
export function outlineLines(lines: readonly string[]): NoteOutline {
  const found: Array<{ level: number; text: string; line: number }> = [];
  let fence: { char: string; length: number } | undefined;
  /** The open paragraph's first line index and texts, which a setext underline turns into a heading. */
  let paragraph: { start: number; texts: string[] } | undefined;
  /** Inside a list item, quote, HTML block or table, until the next blank line. */
  let container = false;

  for (let i = frontmatterLines(lines); i < lines.length; i++) {
    const line = lines[i]!;
    if (fence) {
      const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
      if (close && close[1]![0] === fence.char && close[1]!.length >= fence.length) fence = undefined;
      continue;
    }
    const open = FENCE_OPEN.exec(line);
    // A backtick fence's info string may not contain backticks (CommonMark), else it is inline code.
    if (open && !(open[1]![0] === '`' && open[2]!.includes('`'))) {
      fence = { char: open[1]![0]!, length: open[1]!.length };
      paragraph = undefined;
      container = false;
      continue;
    }
    if (line.trim() === '') {
      paragraph = undefined;
      container = false;
      continue;
    }
    if (paragraph && (SETEXT_1.test(line) || SETEXT_2.test(line))) {
      found.push({ level: SETEXT_1.test(line) ? 1 : 2, text: clean(paragraph.texts.join(' ')), line: paragraph.start + 1 });
      paragraph = undefined;
      continue;
    }
    // Indented code: four spaces (or a tab) where no paragraph is open to continue.
    if (!paragraph && !container && /^(?: {4}|\t)/.test(line)) continue;
    const atx = ATX.exec(line);
    if (atx) {
      found.push({ level: atx[1]!.length, text: clean(atx[2] ?? ''), line: i + 1 });
      paragraph = undefined;
      container = false;
      continue;
    }
    if (THEMATIC_BREAK.test(line) || CONTAINER.test(line)) {
      paragraph = undefined;
      container = !THEMATIC_BREAK.test(line);
      continue;
    }
    if (paragraph) paragraph.texts.push(line);
    else if (!container) paragraph = { start: i, texts: [line] };
  }

  const seen = new Map<string, number>();
  const stack: Array<{ level: number; text: string }> = [];
  const headings = found.map((h, n) => {
    let end = lines.length;
    for (let k = n + 1; k < found.length; k++) {
      if (found[k]!.level <= h.level) {
        end = found[k]!.line - 1;
        break;
      }
    }
    while (stack.length && stack[stack.length - 1]!.level >= h.level) stack.pop();
    const parents = stack.map((s) => s.text);
    stack.push(h);
    const key = headingKey(h.text);
    const occurrence = (seen.get(key) ?? 0) + 1;
    seen.set(key, occurrence);
    return { ...h, end, parents, occurrence };
  });
  return { lines: lines.length, headings };
}

/** How headings are compared: case, emphasis marks, backticks and spacing do not matter. */
export function headingKey(text: string): string {
  return clean(text.replace(/^#{1,6}[ \t]+/, '').replace(/[*_`]/g, '')).toLowerCase();
}

/** Separates the headings of a path: "Setup > Install" is the Install under Setup. */
const HEADING_PATH_SEPARATOR = ' > ';

export type SectionPick =
  | { ok: true; heading: OutlineHeading }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'ambiguous'; candidates: OutlineHeading[] }
  | { ok: false; reason: 'no_such_occurrence'; candidates: OutlineHeading[] };

/** Headings matching `wanted`, a heading's text or a path of headings ("Setup > Install"; ancestors may be skipped). */
function matching(headings: readonly OutlineHeading[], wanted: string): OutlineHeading[] {
  const exact = headings.filter((h) => headingKey(h.text) === headingKey(wanted));
  if (exact.length || !wanted.includes(HEADING_PATH_SEPARATOR.trim())) return exact;
  const parts = wanted
    .split(/\s*>\s*/)
    .map(headingKey)
    .filter(Boolean);
  const last = parts.pop();
  return headings.filter((h) => {
    if (headingKey(h.text) !== last) return false;
    let at = 0;
    for (const parent of h.parents) if (at < parts.length && headingKey(parent) === parts[at]) at++;
    return at === parts.length;
  });
}

/**
 * Picks one heading. A name several headings share needs `occurrence` (1 = the first of them
 * in the note) or a path through its parents; without either the caller gets the candidates.
 */
export function pickHeading(outline: NoteOutline, wanted: string, occurrence?: number): SectionPick {
  const candidates = matching(outline.headings, wanted);
  if (candidates.length === 0) return { ok: false, reason: 'not_found' };
  if (occurrence !== undefined) {
    const chosen = candidates[occurrence - 1];
    return chosen ? { ok: true, heading: chosen } : { ok: false, reason: 'no_such_occurrence', candidates };
  }
  if (candidates.length > 1) return { ok: false, reason: 'ambiguous', candidates };
  return { ok: true, heading: candidates[0]! };
}

/** The heading's line down to the end of its section, trailing blank lines left out. */
export function sectionText(text: string, heading: OutlineHeading): string {
  const lines = noteLines(text).slice(heading.line - 1, heading.end);
  while (lines.length > 1 && lines[lines.length - 1]!.trim() === '') lines.pop();
  return lines.join('\n');
}

/** "Setup > Install": the heading with the headings it sits under. */
export function headingPath(heading: OutlineHeading): string {
  return [...heading.parents, heading.text].join(HEADING_PATH_SEPARATOR);
}
