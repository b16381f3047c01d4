import { splitNote } from '../vault/index.js';

/** `text` as a literal inside a regular expression. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A note's frontmatter block as written (byte for byte) and its body. */
export function headAndBody(text: string): { head: string; body: string } {
  const { body } = splitNote(text);
  // splitNote's body is always a suffix of the text: the head is everything before it.
  return { head: text.slice(0, text.length - body.length), body };
}

const skipBlank = (lines: string[], i: number): number => {
  while (i < lines.length && (lines[i] ?? '').trim() === '') i++;
  return i;
};

/** An intro paragraph: prose, not a heading, list, quote, table or code fence. */
const isProse = (line: string | undefined): boolean => line !== undefined && line.trim() !== '' && !/^\s*([#>|*+-]|\d+[.)]\s|```|~~~)/.test(line);

/**
 * Newest-first position in a note: below its `# Title` and the intro paragraph right after it
 * ("Newest first."), above everything else. Changelog entries go here.
 */
export function insertAtTop(body: string, block: string): string {
  const lines = body.split('\n');
  let i = skipBlank(lines, 0);
  if (/^#\s/.test(lines[i] ?? '')) {
    i = skipBlank(lines, i + 1);
    if (isProse(lines[i])) {
      while (i < lines.length && (lines[i] ?? '').trim() !== '') i++;
      i = skipBlank(lines, i);
    }
  }
  const before = lines.slice(0, i);
  while (before.length > 0 && (before.at(-1) ?? '').trim() === '') before.pop();
  const after = lines.slice(i);
  const rest = after.join('\n').trim() === '' ? [''] : ['', ...after];
  return [...(before.length ? [...before, ''] : []), block.trimEnd(), ...rest].join('\n');
}

export function insertAtBottom(body: string, block: string): string {
  const trimmed = body.replace(/\s+$/, '');
  return `${trimmed ? `${trimmed}\n` : ''}${trimmed && /^#/.test(block.trimStart()) ? '\n' : ''}${block.trimEnd()}\n`;
}
