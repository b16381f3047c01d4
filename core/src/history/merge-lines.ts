import { diffArrays } from 'diff';

/** Lines of `base` in [start, end) replaced by `lines` (start === end: an insertion). */
interface Hunk {
  start: number;
  end: number;
  lines: string[];
}

/** A change the merge could not apply: what the file held, what it holds now, what it would have become. */
export interface MergeConflict {
  /** The lines the change being reverted left (base). */
  base: string;
  /** What the person or a later change made of them (ours). */
  current: string;
  /** What reverting would have put back (theirs). */
  wanted: string;
}

export interface MergeResult {
  text: string;
  conflicts: MergeConflict[];
}

/** Lines with their endings kept, so joining them gives back the text byte for byte. */
function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

function hunksOf(base: string[], other: string[]): Hunk[] {
  const hunks: Hunk[] = [];
  let at = 0;
  let open: Hunk | undefined;
  for (const change of diffArrays(base, other)) {
    if (!change.added && !change.removed) {
      if (open) hunks.push(open);
      open = undefined;
      at += change.count;
      continue;
    }
    open ??= { start: at, end: at, lines: [] };
    if (change.removed) {
      open.end += change.count;
      at += change.count;
    } else open.lines.push(...change.value);
  }
  if (open) hunks.push(open);
  return hunks;
}

const isInsertion = (h: Hunk) => h.start === h.end;

/**
 * Whether two changes to the same base touch the same lines. Unlike diff3, changes that only
 * meet at a boundary do not clash: an entry a later update added right above the lines being
 * reverted (the top of a changelog, the end of a list) is not in the way of removing them.
 */
function clash(a: Hunk, b: Hunk): boolean {
  if (isInsertion(a) && isInsertion(b)) return a.start === b.start;
  if (isInsertion(a)) return b.start < a.start && a.start < b.end;
  if (isInsertion(b)) return a.start < b.start && b.start < a.end;
  return a.start < b.end && b.start < a.end;
}

/**
 * The same insertion moved to `to`, when the lines it passes over repeat at its own edge (a
 * blank line between entries can be matched on either side of an inserted entry); undefined
 * when it cannot move there.
 */
function slide(ins: Hunk, base: string[], to: number): Hunk | undefined {
  const k = Math.abs(to - ins.start);
  if (k === 0 || k > ins.lines.length) return k === 0 ? ins : undefined;
  if (to < ins.start) {
    const passed = base.slice(to, ins.start);
    if (passed.join('') !== ins.lines.slice(-k).join('')) return undefined;
    return { start: to, end: to, lines: [...passed, ...ins.lines.slice(0, -k)] };
  }
  const passed = base.slice(ins.start, to);
  if (passed.join('') !== ins.lines.slice(0, k).join('')) return undefined;
  return { start: to, end: to, lines: [...ins.lines.slice(k), ...passed] };
}

/** Ours' insertions that land inside a range theirs changes, moved to its edge where that is the same text. */
function unclash(oursHunks: Hunk[], theirsHunks: Hunk[], base: string[]): Hunk[] {
  return oursHunks.map((o) => {
    if (!isInsertion(o)) return o;
    for (const t of theirsHunks) {
      if (!clash(o, t) || isInsertion(t)) continue;
      const moved = slide(o, base, t.start) ?? slide(o, base, t.end);
      if (moved && !theirsHunks.some((other) => clash(moved, other))) return moved;
    }
    return o;
  });
}

const same = (a: Hunk, b: Hunk) => a.start === b.start && a.end === b.end && a.lines.join('') === b.lines.join('');

/**
 * Three-way merge by lines: applies base → theirs onto ours wherever ours left those lines as
 * they were, and reports the rest. Used by undo with base = what the undone change left,
 * ours = the file now, theirs = the file before the change.
 */
export function mergeLines(base: string, ours: string, theirs: string): MergeResult {
  const b = splitLines(base);
  const theirsHunks = hunksOf(b, splitLines(theirs));
  const oursHunks = unclash(hunksOf(b, splitLines(ours)), theirsHunks, b);
  const applied: Hunk[] = [];
  const conflicts: MergeConflict[] = [];
  for (const t of theirsHunks) {
    const clashing = oursHunks.filter((o) => clash(o, t));
    if (clashing.length === 0) applied.push(t);
    else if (!(clashing.length === 1 && same(clashing[0] as Hunk, t))) {
      conflicts.push({
        base: b.slice(t.start, t.end).join(''),
        current: clashing.map((o) => o.lines.join('')).join(''),
        wanted: t.lines.join(''),
      });
    }
  }
  // Insertions go before a range that starts at the same line; ranges never overlap here.
  const all = [...oursHunks, ...applied].sort((x, y) => x.start - y.start || Number(isInsertion(y)) - Number(isInsertion(x)));
  const out: string[] = [];
  let at = 0;
  for (const h of all) {
    out.push(...b.slice(at, h.start), ...h.lines);
    at = h.end;
  }
  out.push(...b.slice(at));
  return { text: out.join(''), conflicts };
}
