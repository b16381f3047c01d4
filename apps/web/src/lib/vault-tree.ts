import type { TreeEntry } from './api-schemas';

// The server lists files flat; folders exist only as path prefixes. These functions build the
// folder tree once per listing and flatten just the visible part of it for the virtual list.

export type FileNode = { kind: 'file'; name: string; path: string; entry: TreeEntry };
export type FolderNode = {
  kind: 'folder';
  name: string;
  path: string;
  children: TreeNode[];
  tokens: number;
  fileCount: number;
};
export type TreeNode = FileNode | FolderNode;
export type TreeRow = { node: TreeNode; depth: number };

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

const folder = (name: string, path: string): FolderNode => ({
  kind: 'folder',
  name,
  path,
  children: [],
  tokens: 0,
  fileCount: 0,
});

/** Builds the folder tree; the root folder has the empty path. */
export function buildTree(entries: readonly TreeEntry[]): FolderNode {
  const root = folder('', '');
  const folders = new Map<string, FolderNode>([['', root]]);

  const folderAt = (path: string): FolderNode => {
    const known = folders.get(path);
    if (known) return known;
    const cut = path.lastIndexOf('/');
    const parent = folderAt(cut === -1 ? '' : path.slice(0, cut));
    const created = folder(path.slice(cut + 1), path);
    parent.children.push(created);
    folders.set(path, created);
    return created;
  };

  for (const entry of entries) {
    const cut = entry.path.lastIndexOf('/');
    const parent = folderAt(cut === -1 ? '' : entry.path.slice(0, cut));
    parent.children.push({ kind: 'file', name: entry.path.slice(cut + 1), path: entry.path, entry });
  }
  finish(root);
  return root;
}

/** Sorts folders before files, by natural name order, and sums tokens and counts upwards. */
function finish(node: FolderNode): void {
  node.children.sort((a, b) => (a.kind === b.kind ? collator.compare(a.name, b.name) : a.kind === 'folder' ? -1 : 1));
  for (const child of node.children) {
    if (child.kind === 'folder') {
      finish(child);
      node.tokens += child.tokens;
      node.fileCount += child.fileCount;
    } else {
      node.tokens += child.entry.tokens ?? 0;
      node.fileCount += 1;
    }
  }
}

/** The rows a user can see: children of expanded folders only, depth-first. */
export function flattenVisible(root: FolderNode, expanded: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (node: FolderNode, depth: number) => {
    for (const child of node.children) {
      rows.push({ node: child, depth });
      if (child.kind === 'folder' && expanded.has(child.path)) walk(child, depth + 1);
    }
  };
  walk(root, 0);
  return rows;
}

/** Files whose path contains every word of the query (case-insensitive), as flat rows. */
export function filterRows(root: FolderNode, query: string, limit = 2000): TreeRow[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const rows: TreeRow[] = [];
  const walk = (node: FolderNode) => {
    for (const child of node.children) {
      if (rows.length >= limit) return;
      if (child.kind === 'folder') walk(child);
      else {
        const path = child.path.toLowerCase();
        if (words.every((word) => path.includes(word))) rows.push({ node: child, depth: 0 });
      }
    }
  };
  walk(root);
  return rows;
}

/** Folder paths that contain `path`, outermost first: 'a/b/c.md' → ['a', 'a/b']. */
export function ancestorsOf(path: string): string[] {
  const parts = path.split('/');
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('/'));
}
