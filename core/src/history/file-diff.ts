import { diffWordsWithSpace, structuredPatch } from 'diff';
import type { Hunk } from '../api/index.js';
import { isTextContent, withoutJobFields } from '../vault/index.js';

// A unified hunk (`lines` start with ' ' context, '-' removed or '+' added; with `words`, the
// hunk's old and new text as one run of kept, removed and added pieces) is api's Hunk.
export interface WordPart {
  op: '=' | '-' | '+';
  text: string;
}

export interface TextDiff {
  binary?: true;
  too_large?: true;
  hunks: Hunk[];
}

/** Past this, a file is reported changed without hunks (a diff of megabytes helps no one on a screen). */
const MAX_DIFF_BYTES = 2 * 1024 * 1024;
/**
 * The note without the frontmatter lines the background job keeps (tokens, updated, created):
 * they change on every save, and a review shows what a person or the agent wrote.
 */
export const withoutJobLines = (text: string): string => withoutJobFields(text);

function wordsOf(lines: string[]): WordPart[] {
  const side = (keep: string) =>
    lines
      .filter((l) => l[0] === ' ' || l[0] === keep)
      .map((l) => l.slice(1))
      .join('\n');
  return diffWordsWithSpace(side('-'), side('+')).map((c) => ({ op: c.added ? '+' : c.removed ? '-' : '=', text: c.value }));
}

/** Hunks between two versions of a file (null: absent); binary files and huge ones get none. */
export function diffText(before: Buffer | null, after: Buffer | null, opts: { words?: boolean } = {}): TextDiff {
  if ((before && !isTextContent(before)) || (after && !isTextContent(after))) return { binary: true, hunks: [] };
  if ((before?.length ?? 0) > MAX_DIFF_BYTES || (after?.length ?? 0) > MAX_DIFF_BYTES) return { too_large: true, hunks: [] };
  const a = before ? withoutJobLines(before.toString('utf8')) : '';
  const b = after ? withoutJobLines(after.toString('utf8')) : '';
  const patch = structuredPatch('a', 'b', a, b, '', '', { context: 3, maxEditLength: 20_000 });
  if (!patch) return { too_large: true, hunks: [] };
  return {
    hunks: patch.hunks.map((h) => ({
      old_start: h.oldStart,
      old_lines: h.oldLines,
      new_start: h.newStart,
      new_lines: h.newLines,
      lines: h.lines,
      ...(opts.words ? { words: wordsOf(h.lines) } : {}),
    })),
  };
}

/** The hunks as a unified diff (for a terminal), `--- a/path` / `+++ b/path` headers included. */
export function unifiedText(path: string, from: string | undefined, hunks: Hunk[]): string {
  if (hunks.length === 0) return '';
  const head = [`--- a/${from ?? path}`, `+++ b/${path}`];
  const body = hunks.flatMap((h) => [`@@ -${h.old_start},${h.old_lines} +${h.new_start},${h.new_lines} @@`, ...h.lines]);
  return `${[...head, ...body].join('\n')}\n`;
}
