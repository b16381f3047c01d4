import type { IndexEntry } from './vault-index.js';
import { TREE_FILE } from '../api/vault-layout.js';

// Obsidian's [[wikilinks]] name a note by its file name, not its path: resolving one needs the
// whole vault's names, so it happens here, next to the index, instead of in the browser (a
// 100k-note vault would otherwise ship every path to every page).

/** `[[target#heading|alias]]` or `![[…]]`, on one line; the text between the brackets is group 1. */
export const WIKILINK = /!?\[\[([^[\]\n]+?)\]\]/g;

export interface WikilinkParts {
  /** The note or file named, '' for a link to a heading of the same note. */
  target: string;
  heading?: string;
  alias?: string;
}

/**
 * Splits the inside of a wikilink the way Obsidian does: alias after the first '|', heading (or
 * `^block` id) after the first '#'. Inside a table the bar is written `\|` so it does not end the
 * cell: the backslash belongs to the bar, not to the name.
 */
export function splitWikilink(inner: string): WikilinkParts {
  const bar = inner.indexOf('|');
  const link = bar === -1 ? inner : inner.slice(0, bar > 0 && inner[bar - 1] === '\\' ? bar - 1 : bar);
  const alias = bar === -1 ? undefined : inner.slice(bar + 1).trim();
  const hash = link.indexOf('#');
  const target = (hash === -1 ? link : link.slice(0, hash)).trim();
  const heading = hash === -1 ? undefined : link.slice(hash + 1).trim();
  return { target, ...(heading ? { heading } : {}), ...(alias ? { alias } : {}) };
}

/** The distinct targets of the wikilinks and embeds in a note, in order of appearance. */
export function wikilinkTargets(markdown: string, limit = 1000): string[] {
  const targets = new Set<string>();
  for (const match of markdown.matchAll(WIKILINK)) {
    const { target } = splitWikilink(match[1]!);
    if (target) targets.add(target);
    if (targets.size >= limit) break;
  }
  return [...targets];
}

export interface LinkIndex {
  /** Lower-cased path → the path as it is on disk. */
  paths: Map<string, string>;
  /** Lower-cased file name (notes also without `.md`) → paths with that name. */
  byName: Map<string, string[]>;
}

export function buildLinkIndex(entries: Iterable<IndexEntry>): LinkIndex {
  const paths = new Map<string, string>();
  const byName = new Map<string, string[]>();
  const add = (key: string, path: string) => {
    const list = byName.get(key);
    if (list) list.push(path);
    else byName.set(key, [path]);
  };
  for (const { path } of entries) {
    if (path === TREE_FILE) continue;
    const lower = path.toLowerCase();
    paths.set(lower, path);
    const name = lower.slice(lower.lastIndexOf('/') + 1);
    add(name, path);
    if (name.endsWith('.md')) add(name.slice(0, -3), path);
  }
  return { paths, byName };
}

const folderOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('/')));
const depth = (path: string) => path.split('/').length;

/** How many leading folders two folder paths share ('a/b' and 'a/c' share 1). */
function sharedFolders(a: string, b: string): number {
  if (!a || !b) return 0;
  const x = a.split('/');
  const y = b.split('/');
  let n = 0;
  while (n < x.length && n < y.length && x[n] === y[n]) n++;
  return n;
}

/**
 * Orders the files a repeated name could mean, as seen from the linking note: the nearest first
 * (the most folders in common with it: a project's `tasks.md` from inside that project, the
 * English note from the English folder), then the shortest path, then alphabetical order.
 */
function nearestFirst(from: string): (a: string, b: string) => number {
  const here = folderOf(from).toLowerCase();
  const near = new Map<string, number>();
  const nearness = (path: string) => {
    let n = near.get(path);
    if (n === undefined) near.set(path, (n = sharedFolders(folderOf(path).toLowerCase(), here)));
    return n;
  };
  return (a, b) => nearness(b) - nearness(a) || depth(a) - depth(b) || a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * The vault path a wikilink target points at, or null when nothing matches. Like Obsidian: a
 * relative path (`./x`, `../x`), a file of that name in the linking note's folder, or an exact
 * vault path written with its folders wins; otherwise the file whose name (and, when the target
 * has folders, whose path suffix) matches, nearest to the linking note first (see nearestFirst).
 * A bare name is never taken as a root path first: `[[tasks]]` inside a project is the
 * project's tasks.md, not the vault's own.
 */
export function resolveWikilink(index: LinkIndex, target: string, from: string): string | null {
  const wanted = target.trim().replace(/^\/+/, '');
  if (!wanted) return index.paths.get(from.toLowerCase()) ?? null;
  const exact = (path: string) => index.paths.get(path) ?? index.paths.get(`${path}.md`) ?? null;

  if (wanted.startsWith('./') || wanted.startsWith('../')) {
    const parts = folderOf(from).split('/').filter(Boolean);
    for (const segment of wanted.split('/')) {
      if (segment === '..') {
        if (parts.length === 0) return null;
        parts.pop();
      } else if (segment !== '.' && segment !== '') parts.push(segment);
    }
    return exact(parts.join('/').toLowerCase());
  }

  const lower = wanted.toLowerCase();
  const here = folderOf(from).toLowerCase();
  const direct = (here ? exact(`${here}/${lower}`) : null) ?? (lower.includes('/') || !here ? exact(lower) : null);
  if (direct) return direct;
  const name = lower.slice(lower.lastIndexOf('/') + 1);
  let candidates = index.byName.get(name) ?? [];
  if (lower.includes('/')) {
    const suffix = `/${lower}`;
    candidates = candidates.filter((path) => {
      const p = path.toLowerCase();
      return p.endsWith(suffix) || p.endsWith(`${suffix}.md`);
    });
  }
  if (candidates.length <= 1) return candidates[0] ?? null;
  return [...candidates].sort(nearestFirst(from))[0]!;
}

/** Each target resolved from the note at `from`. */
export function resolveWikilinks(index: LinkIndex, targets: readonly string[], from: string): Record<string, string | null> {
  return Object.fromEntries(targets.map((target) => [target, resolveWikilink(index, target, from)]));
}
