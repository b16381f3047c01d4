import { TREE_FILE } from '../api/vault-layout.js';
import type { IndexEntry } from './vault-index.js';

// The quick switcher and the sidebar filter match file names and paths on the server: the
// browser never holds the whole listing of a large vault.

export interface FindResult {
  results: IndexEntry[];
  /** Every match, of which `results` are the best `limit`. */
  total: number;
}

export type SearchablePaths = ReadonlyArray<readonly [lower: string, entry: IndexEntry]>;

export function searchablePaths(entries: Iterable<IndexEntry>): SearchablePaths {
  const list: Array<readonly [string, IndexEntry]> = [];
  for (const entry of entries) if (entry.path !== TREE_FILE) list.push([entry.path.toLowerCase(), entry]);
  return list;
}

const stem = (name: string) => name.replace(/\.md$/, '');

/**
 * Files whose path contains every word of the query (case-insensitive), best first: the exact
 * name, then names starting with the query, then names containing every word, then paths;
 * shorter paths first within each.
 */
export function findFiles(paths: SearchablePaths, query: string, limit: number): FindResult {
  const q = query.trim().toLowerCase();
  const words = q.split(/\s+/).filter(Boolean);
  if (words.length === 0) return { results: [], total: 0 };
  const hits: Array<{ rank: number; lower: string; entry: IndexEntry }> = [];
  for (const [lower, entry] of paths) {
    if (!words.every((w) => lower.includes(w))) continue;
    const name = lower.slice(lower.lastIndexOf('/') + 1);
    const rank = stem(name) === q || name === q ? 0 : name.startsWith(q) ? 1 : words.every((w) => name.includes(w)) ? 2 : 3;
    hits.push({ rank, lower, entry });
  }
  hits.sort((a, b) => a.rank - b.rank || a.lower.length - b.lower.length || (a.lower < b.lower ? -1 : 1));
  return { results: hits.slice(0, limit).map((h) => h.entry), total: hits.length };
}
