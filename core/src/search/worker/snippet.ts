import { splitNote } from '../../vault/frontmatter.js';

export const MAX_SNIPPET_CHARS = 300;

const tidy = (lines: string[]) =>
  lines
    .map((l) => l.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

function trimSnippet(text: string): string {
  if (text.length <= MAX_SNIPPET_CHARS) return text;
  const cut = text.slice(0, MAX_SNIPPET_CHARS - 1);
  const space = cut.search(/\s\S*$/);
  return `${(space > MAX_SNIPPET_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * A few lines of the note's body around the first line holding one of the terms; the opening
 * lines when only the title or the frontmatter matched. Frontmatter is never the excerpt: it
 * says nothing about the note a person would recognise.
 */
export function snippetFor(text: string, terms: readonly string[]): string {
  const lines = splitNote(text).body.replace(/\r\n/g, '\n').split('\n');
  const hit =
    terms.length === 0
      ? -1
      : lines.findIndex((line) => {
          const lower = line.toLowerCase();
          return terms.some((t) => lower.includes(t));
        });
  if (hit >= 0) return trimSnippet(tidy(lines.slice(Math.max(0, hit - 1), hit + 3)));
  return trimSnippet(tidy(lines.filter((l) => l.trim() !== '').slice(0, 4)));
}
