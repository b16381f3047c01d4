import { TREE_FILE } from './indexed-set.js';
import type { IndexEntry } from './vault-index.js';

// The sidebar loads the vault one folder at a time: at 100k notes the flat listing is ~12 MB,
// while a folder's direct children are what a person can actually see.

export interface FolderSummary {
  name: string;
  path: string;
  /** Files anywhere below this folder. */
  files: number;
  tokens: number;
}

export interface FolderListing {
  /** '' for the vault root. */
  path: string;
  /** Files and tokens anywhere below this folder. */
  total: { files: number; tokens: number };
  folders: FolderSummary[];
  files: IndexEntry[];
}

interface FolderNode {
  summary: FolderSummary;
  folders: Map<string, FolderNode>;
  files: IndexEntry[];
}

const node = (name: string, path: string): FolderNode => ({ summary: { name, path, files: 0, tokens: 0 }, folders: new Map(), files: [] });

/** Every folder of the vault with its direct children and the totals below it, in one pass. */
export function buildFolders(entries: Iterable<IndexEntry>): Map<string, FolderNode> {
  const root = node('', '');
  const byPath = new Map<string, FolderNode>([['', root]]);
  for (const entry of entries) {
    if (entry.path === TREE_FILE) continue;
    const segments = entry.path.split('/');
    const tokens = entry.tokens ?? 0;
    let at = root;
    at.summary.files++;
    at.summary.tokens += tokens;
    for (let i = 0; i < segments.length - 1; i++) {
      const name = segments[i]!;
      let next = at.folders.get(name);
      if (!next) {
        const path = segments.slice(0, i + 1).join('/');
        next = node(name, path);
        at.folders.set(name, next);
        byPath.set(path, next);
      }
      at = next;
      at.summary.files++;
      at.summary.tokens += tokens;
    }
    at.files.push(entry);
  }
  return byPath;
}

const byName = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/** One folder's direct children, or undefined when the vault has no such folder. */
export function listFolder(folders: ReadonlyMap<string, FolderNode>, path: string): FolderListing | undefined {
  const folder = folders.get(path.replace(/^\/+|\/+$/g, ''));
  if (!folder) return undefined;
  return {
    path: folder.summary.path,
    total: { files: folder.summary.files, tokens: folder.summary.tokens },
    folders: [...folder.folders.values()].map((f) => f.summary).sort(byName),
    files: [...folder.files].sort(byName),
  };
}
