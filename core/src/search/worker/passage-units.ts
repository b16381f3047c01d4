import type { SearchPassage } from '../../api/search.js';
import { frontmatterLines, noteLines, outlineLines } from '../../vault/note-outline.js';

/**
 * The passages a note is cut into, for a search hit to name the one that answers: its sections
 * (a heading's own lines, down to the next heading of any level, and the lines before the first
 * heading); in a conversation, each turn; and, in a long section or turn, windows of lines.
 * Line numbers are the file's (1-based, frontmatter counted), as outline, section and editors say.
 */
export type PassageUnit = SearchPassage;

/** A passage longer than this is cut into windows: a hit should point at lines, not at a chapter. */
const WINDOW_LINES = 30;
const WINDOW_CHARS = 1_500;

/**
 * A speaker's turn starts a line: "User: …", "**Alice:** …", "- Asked: …" (how captured coding
 * sessions are filed), "[10:32] Bob: …". The label is a short name; indented lines continue
 * the turn above them ("  Concluded: …").
 */
const TURN_START = /^(?:[-*+] +)?(?:\[[^\]\n]{1,24}\] *)?(?:\*\*|__)?([\p{L}\p{N}][\p{L}\p{N} ._'-]{0,29}?)(?:\*\*|__)? *: *(?:\*\*|__)?(?:\s|$)/u;
/** A note is a conversation when its turns repeat a speaker this many times, at least. */
const MIN_TURNS = 3;

// Most lines hold no colon near their start: they are passed over without the pattern.
const speakerOf = (line: string) => {
  const colon = line.indexOf(':');
  return colon > 0 && colon < 64 ? TURN_START.exec(line)?.[1]?.trim().toLowerCase() : undefined;
};

/**
 * The lines (0-based) where turns start, when the note reads as a conversation: a speaker
 * speaks at least twice, and the turns are at least MIN_TURNS. A list of fields ("Owner: Ann",
 * "Due: Friday") names each once and stays one passage.
 */
function turnStarts(lines: readonly string[], from: number): Set<number> {
  const starts = new Map<number, string>();
  for (let i = from; i < lines.length; i++) {
    const speaker = speakerOf(lines[i]!);
    if (speaker) starts.set(i, speaker);
  }
  const spoke = new Map<string, number>();
  for (const speaker of starts.values()) spoke.set(speaker, (spoke.get(speaker) ?? 0) + 1);
  const conversation = starts.size >= MIN_TURNS && [...spoke.values()].some((n) => n >= 2);
  return conversation ? new Set(starts.keys()) : new Set();
}

/** Cuts lines [from, to] (0-based) into windows, at a blank line where one is near the end of a window. */
function windows(lines: readonly string[], from: number, to: number): Array<[number, number]> {
  const cut: Array<[number, number]> = [];
  let start = from;
  let chars = 0;
  let blank = -1;
  for (let i = from; i <= to; i++) {
    chars += lines[i]!.length + 1;
    if (lines[i]!.trim() === '' && i > start) blank = i;
    const full = i - start + 1 >= WINDOW_LINES || chars >= WINDOW_CHARS;
    if (full && i < to) {
      const end = blank > start + (i - start) / 2 ? blank : i;
      cut.push([start, end]);
      start = end + 1;
      chars = lines.slice(start, i + 1).reduce((n, l) => n + l.length + 1, 0);
      blank = -1;
    }
  }
  if (start <= to) cut.push([start, to]);
  return cut;
}

/** Blank lines at either end are no part of a passage; undefined when nothing but blanks is left. */
function trimmed(lines: readonly string[], from: number, to: number): [number, number] | undefined {
  while (from <= to && lines[from]!.trim() === '') from++;
  while (to >= from && lines[to]!.trim() === '') to--;
  return from <= to ? [from, to] : undefined;
}

/** A note's passages in order; its lines, split as editors number them, come with them. */
export function passageUnits(text: string): { lines: string[]; units: PassageUnit[] } {
  const lines = noteLines(text);
  const body = frontmatterLines(lines);
  const { headings } = outlineLines(lines);
  const sections = [
    { headings: [] as string[], from: body, to: (headings[0]?.line ?? lines.length + 1) - 2 },
    ...headings.map((h, i) => ({ headings: [...h.parents, h.text], from: h.line - 1, to: (headings[i + 1]?.line ?? lines.length + 1) - 2 })),
  ];
  const turns = turnStarts(lines, body);
  const units: PassageUnit[] = [];
  for (const section of sections) {
    const cuts = [section.from];
    for (let i = section.from + 1; i <= section.to; i++) if (turns.has(i)) cuts.push(i);
    const pieces = cuts.flatMap((from, k) => {
      const piece = trimmed(lines, from, (cuts[k + 1] ?? section.to + 1) - 1);
      return piece ? [piece] : [];
    });
    // A heading alone answers nothing: it goes with the turn under it.
    if (pieces.length > 1 && pieces[0]![0] === pieces[0]![1] && !turns.has(pieces[0]![0])) pieces.splice(0, 2, [pieces[0]![0], pieces[1]![1]]);
    for (const [from, to] of pieces) {
      for (const [start, end] of windows(lines, from, to)) {
        // A window cut at a blank line ends before it.
        const window = trimmed(lines, start, end);
        if (window) units.push({ headings: section.headings, from: window[0] + 1, to: window[1] + 1 });
      }
    }
  }
  return { lines, units };
}
