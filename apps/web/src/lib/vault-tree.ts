import type { FileChanged, FolderListing, TreeEntry } from '@knower/api';
import { basename, dirname } from './vault-path';

// The sidebar tree's one source of truth: every file and folder known, keyed by its path. The
// server's folder listings (GET /vault/tree?path=) are the only thing that adds a node or says
// what kind it is; watcher events only take nodes away (a file or folder removed is gone at once,
// whatever kind it was). The rows a user sees are derived from the nodes, never kept on their own,
// so a row cannot outlive the node it shows, or show up twice.

export type FileNode = { kind: 'file'; name: string; path: string; entry: TreeEntry };
export type FolderNode = {
  kind: 'folder';
  name: string;
  path: string;
  tokens: number;
  fileCount: number;
  /** Child paths, folders first then files, each in natural order; undefined until the folder is listed. */
  children?: readonly string[];
};
export type TreeNode = FileNode | FolderNode;
/** `loading`: an open folder whose listing is on its way (the row shows it; no placeholder row). */
export type TreeRow = { node: TreeNode; depth: number; loading?: boolean };

export type TreeModel = {
  /** '' is the vault root, present once it has been listed. */
  nodes: ReadonlyMap<string, TreeNode>;
  /**
   * Paths removed by an event that the index may not have caught up with yet: a listing fetched
   * meanwhile must not bring them back. Each goes once a listing of its folder leaves it out, or
   * an event says it is there again.
   */
  removed: ReadonlySet<string>;
};

export const emptyTree: TreeModel = { nodes: new Map(), removed: new Set() };

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const byName = (a: string, b: string) => collator.compare(basename(a), basename(b)) || (a < b ? -1 : a > b ? 1 : 0);

const isUnder = (path: string, folder: string) => folder === '' || path === folder || path.startsWith(`${folder}/`);

function isRemoved(removed: ReadonlySet<string>, path: string): boolean {
  if (removed.size === 0) return false;
  for (let at = path.length; at > 0; at = path.lastIndexOf('/', at - 1)) if (removed.has(path.slice(0, at))) return true;
  return false;
}

/** Deletes a node and everything below it. */
function dropSubtree(nodes: Map<string, TreeNode>, path: string): void {
  const node = nodes.get(path);
  if (!node) return;
  nodes.delete(path);
  if (node.kind === 'folder') for (const child of node.children ?? []) dropSubtree(nodes, child);
}

function detachFromParent(nodes: Map<string, TreeNode>, path: string): void {
  const parent = nodes.get(dirname(path));
  if (parent?.kind !== 'folder' || !parent.children?.includes(path)) return;
  nodes.set(parent.path, { ...parent, children: parent.children.filter((c) => c !== path) });
}

/**
 * A folder's listing as it is now: its children replace what was known of them. `heldBack`: the
 * paths it must keep out, the model's removals unless the listing was asked for before some of
 * them were let back (`holdBack`).
 */
export function applyListing(model: TreeModel, listing: FolderListing, heldBack: ReadonlySet<string> = model.removed): TreeModel {
  const at = listing.path;
  const hidden = (path: string) => isRemoved(heldBack, path);
  // Fetched before the folder (or one above it) was removed: it says nothing true any more.
  if (at !== '' && hidden(at)) return model;
  const nodes = new Map(model.nodes);
  const folders: string[] = [];
  const files: string[] = [];
  for (const f of listing.folders) {
    if (hidden(f.path)) continue;
    const known = nodes.get(f.path);
    if (known?.kind === 'file') dropSubtree(nodes, f.path);
    const children = known?.kind === 'folder' ? known.children : undefined;
    nodes.set(f.path, { kind: 'folder', name: f.name, path: f.path, tokens: f.tokens, fileCount: f.files, ...(children ? { children } : {}) });
    folders.push(f.path);
  }
  for (const entry of listing.files) {
    if (hidden(entry.path)) continue;
    if (nodes.get(entry.path)?.kind === 'folder') dropSubtree(nodes, entry.path);
    nodes.set(entry.path, { kind: 'file', name: basename(entry.path), path: entry.path, entry });
    files.push(entry.path);
  }
  const children = [...folders.sort(byName), ...files.sort(byName)];
  const listed = new Set(children);
  const before = nodes.get(at);
  if (before?.kind === 'folder') for (const child of before.children ?? []) if (!listed.has(child)) dropSubtree(nodes, child);
  nodes.set(at, { kind: 'folder', name: at === '' ? '' : basename(at), path: at, tokens: listing.total.tokens, fileCount: listing.total.files, children });

  // The index has caught up with a removal once the folder's listing leaves the path out.
  let removed = model.removed;
  if (removed.size > 0) {
    const inListing = new Set([...listing.folders, ...listing.files].map((x) => x.path));
    const caughtUp = [...removed].filter((path) => dirname(path) === at && !inListing.has(path));
    if (caughtUp.length > 0) removed = new Set([...removed].filter((path) => !caughtUp.includes(path)));
  }
  return { nodes, removed };
}

/** A folder the server no longer has (404): it and everything below it go. */
export function forgetFolder(model: TreeModel, path: string): TreeModel {
  if (path === '' || !model.nodes.has(path)) return model;
  const nodes = new Map(model.nodes);
  dropSubtree(nodes, path);
  detachFromParent(nodes, path);
  return { ...model, nodes };
}

/**
 * Watcher events, a batch at a time, net per path (a save by rename arrives as a removal then an
 * addition of the same path: it stays). A removal takes the path and everything below it away at
 * once; an addition or a change waits for the listing, which alone knows a file from a folder.
 */
export function applyFileEvents(model: TreeModel, events: readonly FileChanged[]): TreeModel {
  const last = new Map<string, FileChanged['type']>();
  for (const event of events) last.set(event.path, event.type);
  let nodes: Map<string, TreeNode> | undefined;
  let removed: Set<string> | undefined;
  for (const [path, type] of last) {
    if (type === 'unlink') {
      removed ??= new Set(model.removed);
      removed.add(path);
      if (!(nodes ?? model.nodes).has(path)) continue;
      nodes ??= new Map(model.nodes);
      dropSubtree(nodes, path);
      detachFromParent(nodes, path);
    } else {
      // There again (or still): neither it, a folder it lives in, nor anything inside it (a folder
      // moved in brings its own files, whatever was removed at those paths before) is held back.
      for (const gone of removed ?? model.removed) {
        if (!isUnder(path, gone) && !isUnder(gone, path)) continue;
        removed ??= new Set(model.removed);
        removed.delete(gone);
      }
    }
  }
  return nodes || removed ? { nodes: nodes ?? model.nodes, removed: removed ?? model.removed } : model;
}

/**
 * What an answer asked for before `events` must still keep out: every path removed meanwhile, less
 * the ones back since, themselves or by a file inside them. Unlike the model's own removals, a
 * folder added again does not let back what was removed inside it: the answer predates the folder.
 */
export function holdBack(removals: Set<string>, events: readonly FileChanged[]): void {
  for (const { path, type } of events) {
    if (type === 'unlink') removals.add(path);
    else for (const gone of removals) if (isUnder(path, gone)) removals.delete(gone);
  }
}

/** After a lost connection nothing is known about what changed meanwhile: listings decide alone. */
export const forgetRemovals = (model: TreeModel): TreeModel => (model.removed.size === 0 ? model : { ...model, removed: new Set() });

/** The rows a user can see: children of open folders only, depth-first, folders first. */
export function visibleRows(model: TreeModel, expanded: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (folder: FolderNode, depth: number) => {
    for (const path of folder.children ?? []) {
      const node = model.nodes.get(path);
      if (!node) continue;
      if (node.kind === 'file') {
        rows.push({ node, depth });
        continue;
      }
      const open = expanded.has(path);
      rows.push(open && !node.children ? { node, depth, loading: true } : { node, depth });
      if (open) walk(node, depth + 1);
    }
  };
  const root = model.nodes.get('');
  if (root?.kind === 'folder') walk(root, 0);
  return rows;
}

/** The vault root's totals, once listed. */
export function rootOf(model: TreeModel): FolderNode | undefined {
  const root = model.nodes.get('');
  return root?.kind === 'folder' && root.children ? root : undefined;
}

/** Flat rows for files found by name (the filter), each showing its folder. */
export const foundRows = (entries: readonly TreeEntry[]): TreeRow[] => entries.map((entry) => ({ node: { kind: 'file', name: basename(entry.path), path: entry.path, entry }, depth: 0 }));

/** Folder paths that contain `path`, outermost first: 'a/b/c.md' → ['a', 'a/b']. */
export function ancestorsOf(path: string): string[] {
  const parts = path.split('/');
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('/'));
}

/** The listing entry of a file, when its folder has been listed. */
export function entryIn(model: TreeModel, path: string): TreeEntry | undefined {
  const node = model.nodes.get(path);
  return node?.kind === 'file' ? node.entry : undefined;
}
