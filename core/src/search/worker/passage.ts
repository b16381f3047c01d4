import type { SearchPassage as Passage, TextSpan } from '../../api/search.js';
import { passageUnits, type PassageUnit } from './passage-units.js';
import { heldTerms } from './snippet.js';

export type { Passage, TextSpan };

/** The best passage with its neighbours, as read from the file now. */
export interface PassageText {
  text: string;
  span: TextSpan;
}

/** Neighbouring passages a hit may bring on each side, at most (the API refuses more: LIMITS.contextPassages). */
const MAX_CONTEXT = 5;
/** A hit's text, at most: a page of reading, whatever the passages' sizes. */
const CONTEXT_CHARS = 4_000;

/** Cut inside one line (a line longer than the budget): never between the halves of a surrogate pair. */
function cutChars(line: string, max: number): string {
  const cut = line.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * The passage holding the most of the query's words (matched as the snippet matches them), its
 * heading path counted with it; the first on a tie, the note's first when none holds any (a
 * match on the title). With `line` (deep search: the line qmd chose), the passage holding it.
 */
function bestUnit(lines: readonly string[], units: readonly PassageUnit[], terms: readonly string[], line?: number): number {
  if (line !== undefined) {
    const at = units.findIndex((u) => u.from <= line && line <= u.to);
    if (at >= 0) return at;
  }
  let best = 0;
  let most = 0;
  units.forEach((u, i) => {
    const held = heldTerms(`${u.headings.join('\n')}\n${lines.slice(u.from - 1, u.to).join('\n')}`, terms).length;
    if (held > most) [best, most] = [i, held];
  });
  return best;
}

/**
 * The best passage and up to `context` passages on each side, nearest first, within
 * CONTEXT_CHARS: a neighbour that does not fit comes in part (its lines nearest the passage), and
 * the span says it was cut. A passage over the budget alone keeps its first lines.
 */
function around(lines: readonly string[], units: readonly PassageUnit[], best: number, context: number): PassageText {
  const ends = [0];
  for (const l of lines) ends.push(ends.at(-1)! + l.length + 1);
  const chars = (from: number, to: number) => ends[to]! - ends[from - 1]! - 1;
  let { from, to } = units[best]!;
  let cut = false;
  while (to > from && chars(from, to) > CONTEXT_CHARS) [to, cut] = [to - 1, true];
  if (chars(from, to) > CONTEXT_CHARS) return { text: cutChars(lines[from - 1]!, CONTEXT_CHARS), span: { from, to, of: 'lines', cut: true } };
  const open = { before: !cut, after: !cut };
  for (let k = 1; k <= context; k++) {
    const before = units[best - k];
    if (open.before && before) {
      if (chars(before.from, to) <= CONTEXT_CHARS) from = before.from;
      else {
        while (from > before.from && chars(from - 1, to) <= CONTEXT_CHARS) from--;
        [open.before, cut] = [false, true];
      }
    }
    const after = units[best + k];
    if (open.after && after) {
      if (chars(from, after.to) <= CONTEXT_CHARS) to = after.to;
      else {
        while (to < after.to && chars(from, to + 1) <= CONTEXT_CHARS) to++;
        [open.after, cut] = [false, true];
      }
    }
  }
  return { text: lines.slice(from - 1, to).join('\n'), span: { from, to, of: 'lines', cut } };
}

/** A note's best passage for the query's words and, when `context` is given, its text with neighbours; nothing for an empty note. */
export function notePassage(text: string, terms: readonly string[], opts: { context?: number; line?: number } = {}): { passage: Passage; text?: PassageText } | undefined {
  const { lines, units } = passageUnits(text);
  if (units.length === 0) return undefined;
  const best = bestUnit(lines, units, terms, opts.line);
  const context = opts.context === undefined ? undefined : around(lines, units, best, Math.min(MAX_CONTEXT, Math.max(0, opts.context)));
  return { passage: units[best]!, ...(context && { text: context }) };
}

/**
 * A PDF's text around a page (pages separated by a form feed, as the index keeps them): the
 * page and up to `context` pages on each side, nearest first, each headed by its number, within
 * CONTEXT_CHARS (a page that does not fit whole ends the text, cut).
 */
export function pdfPassageText(kept: string, page: number, context: number): PassageText {
  const pages = kept.split('\f');
  const at = Math.min(Math.max(page, 1), pages.length) - 1;
  const framed = (i: number) => `[p. ${i + 1}]\n${pages[i]!.trim()}`;
  let text = framed(at);
  let [from, to, cut] = [at, at, text.length > CONTEXT_CHARS];
  if (cut) return { text: cutChars(text, CONTEXT_CHARS), span: { from: at + 1, to: at + 1, of: 'pages', cut } };
  for (let k = 1; k <= Math.min(MAX_CONTEXT, context) && !cut; k++) {
    for (const i of [at - k, at + k]) {
      if (i < 0 || i >= pages.length || cut) continue;
      const next = i < at ? `${framed(i)}\n\n${text}` : `${text}\n\n${framed(i)}`;
      if (next.length > CONTEXT_CHARS) cut = true;
      else [text, from, to] = [next, Math.min(from, i), Math.max(to, i)];
    }
  }
  return { text, span: { from: from + 1, to: to + 1, of: 'pages', cut } };
}
