import path from 'node:path';
import type { SearchEngine } from '../search/index.js';
import { isNote, readTextIfExists, splitWikilink, WIKILINK } from '../vault/index.js';

/** One note that links to the one asked about, with the line the link is on. */
export interface Backlink {
  path: string;
  line: string;
}

export interface BacklinkFinder {
  /** Notes linking to `target`; `complete` is false when more candidates existed than were read. */
  find(target: string): Promise<{ backlinks: Backlink[]; complete: boolean }>;
}

// Notes that mention the name are found by search (BM25 over every indexed note), then each is
// read and its links resolved exactly as the note view resolves them: a note that only names
// the other one in passing, or links to another note of the same name, is not a backlink.
const CANDIDATES = 100;
const READERS = 8;
const MARKDOWN_LINK = /\]\(([^()\s]+(?:\([^()\s]*\))?[^()\s]*)(?:\s+"[^"]*")?\)/g;

const lineOf = (text: string, at: number) => {
  const start = text.lastIndexOf('\n', at) + 1;
  const end = text.indexOf('\n', at);
  return text
    .slice(start, end === -1 ? undefined : end)
    .trim()
    .slice(0, 200);
};

function markdownTarget(from: string, href: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:|^\/\/|^#/i.test(href)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(href.replace(/[?#].*$/, ''));
  } catch {
    return null;
  }
  const joined = path.posix.normalize(decoded.startsWith('/') ? decoded.slice(1) : path.posix.join(path.posix.dirname(from), decoded));
  if (joined.startsWith('..') || joined === '.') return null;
  return path.posix.extname(joined) ? joined : `${joined}.md`;
}

export function createBacklinks(deps: {
  root: string;
  search: Pick<SearchEngine, 'search'>;
  /** Where wikilinks lead, seen from a note (the same resolution as GET /vault/file's `links`). */
  resolve: (targets: readonly string[], from: string) => Record<string, string | null>;
}): BacklinkFinder {
  async function linksIn(from: string, target: string): Promise<Backlink | undefined> {
    const text = await readTextIfExists(path.join(deps.root, from));
    if (text === undefined) return undefined;
    for (const match of text.matchAll(WIKILINK)) {
      const { target: name } = splitWikilink(match[1]!);
      if (name && deps.resolve([name], from)[name] === target) return { path: from, line: lineOf(text, match.index) };
    }
    for (const match of text.matchAll(MARKDOWN_LINK)) {
      if (markdownTarget(from, match[1]!) === target) return { path: from, line: lineOf(text, match.index) };
    }
    return undefined;
  }

  return {
    async find(target) {
      const name = path.posix.basename(target).replace(/\.md$/i, '');
      const found = await deps.search.search({ query: name, mode: 'fast', limit: CANDIDATES }).catch(() => undefined);
      if (!found) return { backlinks: [], complete: false };
      const candidates = found.results.map((r) => r.path).filter((p) => p !== target && isNote(p));
      const backlinks: Backlink[] = [];
      for (let i = 0; i < candidates.length; i += READERS) {
        const batch = await Promise.all(candidates.slice(i, i + READERS).map((p) => linksIn(p, target)));
        for (const link of batch) if (link) backlinks.push(link);
      }
      backlinks.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      return { backlinks, complete: found.results.length < CANDIDATES && !found.degraded };
    },
  };
}
