import { basename } from 'node:path';
import { queryTerms } from './search-query.js';

/** A hit as qmd reports it, before cleaning. */
export interface RawHit {
  file: string;
  title?: string;
  score: number;
  snippet?: string;
}

export const MAX_SNIPPET_CHARS = 300;

/** "qmd://vault/a b/c.md" (CLI) or "vault/a b/c.md" (MCP) → "a b/c.md"; null for other collections. */
export function vaultRelativePath(file: string, collection: string): string | null {
  const bare = file.startsWith('qmd://') ? file.slice('qmd://'.length) : file;
  const prefix = `${collection}/`;
  if (!bare.startsWith(prefix)) return null;
  const rel = bare.slice(prefix.length);
  const segments = rel.split('/');
  if (rel === '' || segments.some((s) => s === '' || s === '.' || s === '..')) return null;
  return rel;
}

export function hitTitle(title: string | undefined, path: string): string {
  const trimmed = title?.trim();
  return trimmed ? trimmed : basename(path).replace(/\.md$/i, '');
}

/**
 * qmd snippets start with a diff-style header ("@@ -8,4 @@ (7 before, 0 after)") giving the
 * first line's number; through MCP every line also carries a "N: " prefix.
 */
export function parseQmdSnippet(raw: string, numbered: boolean): { startLine: number; lines: string[] } {
  let lines = raw.replace(/\r\n/g, '\n').split('\n');
  if (numbered) lines = lines.map((l) => l.replace(/^\d+: ?/, ''));
  const header = /^@@ -(\d+),\d+ @@/.exec(lines[0] ?? '');
  if (!header) return { startLine: 0, lines };
  return { startLine: Number(header[1]), lines: lines.slice(1) };
}

/** 1-based number of the line closing the YAML frontmatter, 0 when there is none. */
export function frontmatterEndLine(text: string): number {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== '---') return 0;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]?.trim();
    if (line === '---' || line === '...') return i + 1;
  }
  return 0;
}

export interface SnippetInput {
  raw: string | undefined;
  numbered: boolean;
  query: string;
  /** The note's current text, when readable: locates the frontmatter and supplies body text. */
  fileText?: string;
}

/** Drops frontmatter and qmd's header; a hit that matched only in frontmatter gets body text. */
export function cleanSnippet(input: SnippetInput): string {
  const terms = queryTerms(input.query);
  const { startLine, lines } = parseQmdSnippet(input.raw ?? '', input.numbered);
  const kept =
    input.fileText !== undefined && startLine > 0
      ? dropLinesThrough(lines, startLine, frontmatterEndLine(input.fileText))
      : dropFrontmatterLooking(lines, startLine);
  const text = tidy(kept);
  // Both drops cut a prefix, so what was dropped is the head of `lines`.
  const dropped = lines.slice(0, lines.length - kept.length).join('\n');
  // qmd picked frontmatter lines: the window it showed says nothing about the note itself.
  const onlyFrontmatter = text === '' || (!containsTerm(text, terms) && containsTerm(dropped, terms));
  if (input.fileText === undefined || !onlyFrontmatter) return trimSnippet(text);
  return trimSnippet(bodySnippet(input.fileText, terms));
}

function dropLinesThrough(lines: string[], startLine: number, lastDropped: number): string[] {
  return lines.filter((_, i) => startLine + i > lastDropped);
}

/** Without the file at hand: drop an opening frontmatter block and key/value lines before a closing fence. */
function dropFrontmatterLooking(lines: string[], startLine: number): string[] {
  const opensFile = startLine <= 1 && lines[0]?.trim() === '---';
  const fence = lines.findIndex((l, i) => l.trim() === '---' && !(opensFile && i === 0));
  const yamlish = (l: string) => l.trim() === '' || /^\s*[\w-]+:|^\s+-|^\s*- /.test(l);
  if (fence < 0) return opensFile && lines.slice(1).every(yamlish) ? [] : lines;
  return lines.slice(opensFile ? 1 : 0, fence).every(yamlish) ? lines.slice(fence + 1) : lines;
}

function bodySnippet(fileText: string, terms: string[]): string {
  const body = fileText.replace(/\r\n/g, '\n').split('\n').slice(frontmatterEndLine(fileText));
  const hit = body.findIndex((l) => containsTerm(l, terms));
  if (hit >= 0) return tidy(body.slice(Math.max(0, hit - 1), hit + 3));
  return tidy(body.filter((l) => l.trim() !== '').slice(0, 4));
}

function containsTerm(text: string, terms: string[]): boolean {
  const lower = text.toLowerCase();
  return terms.some((t) => lower.includes(t));
}

function tidy(lines: string[]): string {
  return lines.map((l) => l.trimEnd()).join('\n').replace(/\n{3,}/g, '\n\n').trim();
}

export function trimSnippet(text: string): string {
  if (text.length <= MAX_SNIPPET_CHARS) return text;
  const cut = text.slice(0, MAX_SNIPPET_CHARS - 1);
  const space = cut.search(/\s\S*$/);
  return `${(space > MAX_SNIPPET_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
