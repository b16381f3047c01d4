import { noteLines, outlineNote, splitNote } from '../vault/index.js';

/**
 * The parts of a project's notes a brief quotes, as lines. Each takes a note's text (frontmatter
 * and all) and keeps what a coding agent needs first; the budget decides later how much fits.
 */

/** Quoted headings sit below the brief's own (level 2): level 3 at least, in the same order. */
const demote = (line: string) => line.replace(/^(#{1,6})(?=\s)/, (marks) => '#'.repeat(Math.min(6, Math.max(3, marks.length + 1))));

/** Lines without trailing spaces, runs of blank lines, or blank lines at either end; quoted headings demoted. */
function tidy(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    if (line.trim() === '' && (out.length === 0 || out[out.length - 1] === '')) continue;
    out.push(demote(line.trimEnd()));
  }
  while (out.length && out[out.length - 1] === '') out.pop();
  return out;
}

/** A note's body without its frontmatter and its title line, tidied. */
export function bodyLines(text: string): string[] {
  const lines = noteLines(splitNote(text).body);
  if (/^#\s/.test(lines[0] ?? '')) lines.shift();
  return tidy(lines);
}

const OPEN_TASK = /^\s*[-*+]\s+\[ \]\s+\S/;
const DONE_TASK = /^\s*[-*+]\s+\[[xX]\]\s/;
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+\S/;

/** Open tasks ("- [ ] …"), with how many are done; a list without checkboxes is all open. */
export function openTasks(text: string): { lines: string[]; open: number; done: number } {
  const lines = bodyLines(text);
  const open = lines.filter((l) => OPEN_TASK.test(l));
  const done = lines.filter((l) => DONE_TASK.test(l)).length;
  if (open.length || done) return { lines: open, open: open.length, done };
  const items = lines.filter((l) => LIST_ITEM.test(l));
  return { lines: items, open: items.length, done: 0 };
}

const DATED = /^(\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2})?)/;

/**
 * Changelog entries, newest first: the sections under its entry headings (Knower writes
 * "## 2025-01-31 14:02 UTC · update …", newest on top). When every entry heading starts with a
 * date they are ordered by it, so a log kept oldest-first still shows its latest entries.
 */
export function latestEntries(text: string): string[][] {
  const body = splitNote(text).body;
  const outline = outlineNote(body);
  const levels = outline.headings.map((h) => h.level).filter((l) => l > 1);
  if (levels.length === 0) return bodyLines(text).length ? [bodyLines(text)] : [];
  const level = Math.min(...levels);
  const lines = noteLines(body);
  const entries = outline.headings.filter((h) => h.level === level).map((h) => ({ heading: h.text, lines: tidy(lines.slice(h.line - 1, h.end)) }));
  if (entries.every((e) => DATED.test(e.heading))) entries.sort((a, b) => (DATED.exec(b.heading)![1]! < DATED.exec(a.heading)![1]! ? -1 : 1));
  return entries.map((e) => e.lines);
}
