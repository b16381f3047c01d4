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

/** The terms a text holds, matched as snippets match them: lower-cased, anywhere in a word. */
export function heldTerms(text: string, terms: readonly string[]): string[] {
  const lower = text.toLowerCase();
  return terms.filter((t) => lower.includes(t));
}

/**
 * A few lines of the note's body around the first line holding one of the terms; the opening
 * lines when only the title or the frontmatter matched. Frontmatter is never the excerpt: it
 * says nothing about the note a person would recognise.
 */
export function snippetFor(text: string, terms: readonly string[]): string {
  const lines = splitNote(text).body.replace(/\r\n/g, '\n').split('\n');
  const hit = terms.length === 0 ? -1 : lines.findIndex((line) => heldTerms(line, terms).length > 0);
  if (hit >= 0) return trimSnippet(tidy(lines.slice(Math.max(0, hit - 1), hit + 3)));
  return trimSnippet(tidy(lines.filter((l) => l.trim() !== '').slice(0, 4)));
}

/**
 * A PDF's snippet (its text as the index keeps it, pages separated by a form feed) and the page
 * it is on: the lines around the line holding the most of the terms (the first such line), with
 * its page; the opening lines, and no page, when only the name or title matched.
 */
export function pdfSnippet(text: string, terms: readonly string[]): { snippet: string; page?: number } {
  const pages = text.split('\f').map((page) => page.split('\n'));
  let best: { page: number; line: number; held: number } | undefined;
  pages.forEach((lines, page) =>
    lines.forEach((line, at) => {
      const held = heldTerms(line, terms).length;
      if (held > (best?.held ?? 0)) best = { page, line: at, held };
    }),
  );
  if (!best)
    return {
      snippet: trimSnippet(
        tidy(
          pages
            .flat()
            .filter((l) => l.trim() !== '')
            .slice(0, 4),
        ),
      ),
    };
  const lines = pages[best.page]!;
  return { snippet: trimSnippet(tidy(lines.slice(Math.max(0, best.line - 1), best.line + 3))), page: best.page + 1 };
}
