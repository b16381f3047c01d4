import type { FileChanged, FolderListing, FolderSummary, TreeEntry } from '@knower/api';
import { basename, dirname, isMarkdownPath } from './vault-path';

// The sidebar loads the vault one folder at a time (GET /vault/tree?path=): `Folders` holds the
// listings loaded so far, by folder path ('' is the root). These functions turn them into the
// rows a user can see, and keep them live from watcher events between fetches.

export type Folders = ReadonlyMap<string, FolderListing>;

export type FileNode = { kind: 'file'; name: string; path: string; entry: TreeEntry };
export type FolderNode = { kind: 'folder'; name: string; path: string; tokens: number; fileCount: number };
/** An expanded folder whose listing is on its way. */
export type LoadingNode = { kind: 'loading'; name: string; path: string };
export type TreeNode = FileNode | FolderNode | LoadingNode;
export type TreeRow = { node: TreeNode; depth: number };

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const byName = (a: { path: string }, b: { path: string }) => collator.compare(basename(a.path), basename(b.path));

/** Natural order ("item 9" before "item 10"), once per fetched listing rather than per render. */
export function sortListing(listing: FolderListing): FolderListing {
  return { ...listing, folders: [...listing.folders].sort(byName), files: [...listing.files].sort(byName) };
}

const folderNode = (f: FolderSummary): FolderNode => ({ kind: 'folder', name: f.name, path: f.path, tokens: f.tokens, fileCount: f.files });
const fileNode = (entry: TreeEntry): FileNode => ({ kind: 'file', name: basename(entry.path), path: entry.path, entry });

/** The rows a user can see: children of expanded folders only, depth-first, folders first. */
export function flattenVisible(folders: Folders, expanded: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (listing: FolderListing, depth: number) => {
    for (const folder of listing.folders) {
      rows.push({ node: folderNode(folder), depth });
      if (!expanded.has(folder.path)) continue;
      const inside = folders.get(folder.path);
      if (inside) walk(inside, depth + 1);
      else rows.push({ node: { kind: 'loading', name: 'Loading…', path: `${folder.path}/\u0000loading` }, depth: depth + 1 });
    }
    for (const entry of listing.files) rows.push({ node: fileNode(entry), depth });
  };
  const root = folders.get('');
  if (root) walk(root, 0);
  return rows;
}

/** Flat rows for files found by name (the filter), each showing its folder. */
export const foundRows = (entries: readonly TreeEntry[]): TreeRow[] => entries.map((entry) => ({ node: fileNode(entry), depth: 0 }));

/** Folder paths that contain `path`, outermost first: 'a/b/c.md' → ['a', 'a/b']. */
export function ancestorsOf(path: string): string[] {
  const parts = path.split('/');
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('/'));
}

const insertSorted = <T extends { path: string }>(list: readonly T[], item: T): T[] => {
  const next = [...list];
  const at = next.findIndex((x) => byName(item, x) < 0);
  next.splice(at === -1 ? next.length : at, 0, item);
  return next;
};

/**
 * Applies a burst of watcher events to the loaded listings, touching only what changed. A new
 * file gets placeholder figures, and new folders appear in loaded parents, until the next
 * fetch brings the real counts.
 */
export function applyFileEvents(folders: Folders, events: readonly FileChanged[]): Folders {
  let next: Map<string, FolderListing> | undefined;
  const edit = (path: string, change: (listing: FolderListing) => FolderListing | undefined) => {
    const listing = (next ?? folders).get(path);
    if (!listing) return;
    const changed = change(listing);
    if (!changed) return;
    next ??= new Map(folders);
    next.set(path, changed);
  };
  for (const event of events) {
    const parent = dirname(event.path);
    if (event.type === 'unlink') {
      edit(parent, (l) => (l.files.some((f) => f.path === event.path) ? { ...l, files: l.files.filter((f) => f.path !== event.path) } : undefined));
      continue;
    }
    edit(parent, (l) =>
      l.files.some((f) => f.path === event.path)
        ? undefined
        : { ...l, files: insertSorted(l.files, { path: event.path, kind: isMarkdownPath(event.path) ? 'note' : 'file', size: 0 }) },
    );
    // Folders the new file brought with it show up in whichever of its ancestors is loaded.
    const chain = ['', ...ancestorsOf(event.path)];
    for (let i = 0; i < chain.length - 1; i++) {
      const child = chain[i + 1]!;
      edit(chain[i]!, (l) =>
        l.folders.some((f) => f.path === child) ? undefined : { ...l, folders: insertSorted(l.folders, { name: basename(child), path: child, files: 0, tokens: 0 }) },
      );
    }
  }
  return next ?? folders;
}

/** The listing entry of a file, when its folder is loaded. */
export const entryIn = (folders: Folders, path: string): TreeEntry | undefined => folders.get(dirname(path))?.files.find((f) => f.path === path);
