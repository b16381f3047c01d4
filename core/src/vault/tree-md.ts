import type { FolderNode, IndexEntry, VaultIndex } from './vault-index.js';
import { PROJECTS_DIR, TREE_FILE } from '../api/vault-layout.js';

/**
 * A folder as the listings see it: the index's own folder, or one with a run's own changes laid
 * over it (files written or deleted a moment ago that the index has not caught up with).
 */
export interface FolderView {
  name: string;
  path: string;
  fileCount: number;
  tokens: number;
  folders(): FolderView[];
  /** Files sorted by name; with `limit`, only the first ones (cheap on a folder of 100k files). */
  files(limit?: number): IndexEntry[];
  /** Files directly in this folder. */
  ownFiles: number;
}

const compareNames = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byName = <T extends { name: string }>(a: T, b: T) => compareNames(a.name, b.name);
const fileName = (e: IndexEntry) => e.path.slice(e.path.lastIndexOf('/') + 1);

/** A folder's files sorted by name (tree.md left out): the names are the map's keys, never cut from the paths. */
function sortedByName(files: ReadonlyMap<string, IndexEntry>): IndexEntry[] {
  return [...files]
    .filter(([, e]) => e.path !== TREE_FILE)
    .sort(([a], [b]) => compareNames(a, b))
    .map(([, e]) => e);
}

/**
 * The first `limit` entries by name without sorting them all. This runs over every file of a
 * folder each time tree.md is made (30k in one folder, say): the names are the folder's own keys,
 * never cut from the paths again (at 100k notes that was most of a save's tree.md).
 */
function firstByName(files: ReadonlyMap<string, IndexEntry>, limit = Number.POSITIVE_INFINITY): IndexEntry[] {
  const kept: Array<{ entry: IndexEntry; name: string }> = [];
  for (const [name, entry] of files) {
    if (entry.path === TREE_FILE) continue;
    if (kept.length >= limit && name >= kept[kept.length - 1]!.name) continue;
    let at = kept.length;
    while (at > 0 && name < kept[at - 1]!.name) at--;
    kept.splice(at, 0, { entry, name });
    if (kept.length > limit) kept.pop();
  }
  return kept.map((k) => k.entry);
}

export function folderView(node: FolderNode): FolderView {
  return {
    name: node.name,
    path: node.path,
    fileCount: node.fileCount,
    tokens: node.tokens,
    folders: () => [...node.folders.values()].sort(byName).map(folderView),
    files: (limit) => (limit === undefined ? sortedByName(node.files) : firstByName(node.files, limit)),
    ownFiles: node.files.size - (node.files.get(TREE_FILE) ? 1 : 0),
  };
}

/** The entry at `rel` (relative to `node`) in the index, if there is one. */
function entryUnder(node: FolderNode | undefined, rel: string): IndexEntry | undefined {
  const parts = rel.split('/');
  const name = parts.pop() ?? rel;
  for (const part of parts) node = node?.folders.get(part);
  return node?.files.get(name);
}

/**
 * `node` with `extra` entries added and `hidden` paths removed (either may be undefined). Lazy:
 * a folder's totals come from the index's own (kept as entries change) adjusted by the few
 * paths of the overlay, and its subfolders are looked at only when listed. A listing of the
 * vault root costs what it shows, however deep the vault goes (2,000 nested folders once
 * overflowed the stack here).
 */
export function overlayView(node: FolderNode | undefined, overlay: FolderNode | undefined, hidden: ReadonlySet<string>, name: string, path: string): FolderView {
  const files = new Map<string, IndexEntry>();
  for (const source of [node, overlay]) for (const [n, e] of source?.files ?? []) if (!hidden.has(e.path) && e.path !== TREE_FILE) files.set(n, e);
  const prefix = path ? `${path}/` : '';
  let fileCount = (node?.fileCount ?? 0) + (overlay?.fileCount ?? 0);
  let tokens = (node?.tokens ?? 0) + (overlay?.tokens ?? 0);
  for (const rel of hidden) {
    const gone = rel.startsWith(prefix) && rel !== TREE_FILE ? entryUnder(node, rel.slice(prefix.length)) : undefined;
    if (gone) {
      fileCount--;
      tokens -= gone.tokens ?? 0;
    }
  }
  const fileList = sortedByName(files);
  let children: FolderView[] | undefined;
  return {
    name,
    path,
    fileCount,
    tokens,
    folders: () =>
      (children ??= [...new Set([...(node?.folders.keys() ?? []), ...(overlay?.folders.keys() ?? [])])]
        .sort()
        .map((n) => overlayView(node?.folders.get(n), overlay?.folders.get(n), hidden, n, `${prefix}${n}`))
        .filter((child) => child.fileCount > 0)),
    files: (limit) => (limit === undefined ? fileList : fileList.slice(0, limit)),
    ownFiles: fileList.length,
  };
}

export interface ListingOptions {
  /** Levels of folders expanded below the start; deeper ones are summarised as counts. */
  maxDepth?: number;
  /** Files listed per folder before "… and N more files" (keeps one huge folder from drowning the rest). */
  filesPerFolder?: number;
}

function describeFile(entry: IndexEntry): string {
  const name = fileName(entry);
  if (entry.kind === 'file') return `${name} · file, ${formatBytes(entry.size)}`;
  const updated = entry.updated ? ` · updated ${entry.updated.slice(0, 10)}` : '';
  const malformed = entry.malformed ? ' · frontmatter unreadable' : '';
  return `${name} · ${entry.tokens ?? 0} tokens${updated}${malformed}`;
}

const describeFolder = (f: FolderView) => `${f.name}/ · ${f.fileCount} files · ${f.tokens} tokens`;

function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Depth first with a stack of its own, not recursion: no depth of folders can overflow the call
 * stack. A folder's subfolders come before its files, as a person reads a tree.
 */
function render(root: FolderView, opts: Required<ListingOptions>, out: string[]): void {
  type Step = { folder: FolderView; depth: number } | { line: string };
  const stack: Step[] = [{ folder: root, depth: 0 }];
  const limit = Number.isFinite(opts.filesPerFolder) ? opts.filesPerFolder : undefined;
  while (stack.length > 0) {
    const step = stack.pop()!;
    if (!('folder' in step)) {
      out.push(step.line);
      continue;
    }
    const { folder, depth } = step;
    const indent = '  '.repeat(depth);
    const later: Step[] = [];
    for (const child of folder.folders()) {
      later.push({ line: `${indent}- ${describeFolder(child)}` });
      if (depth + 1 < opts.maxDepth) later.push({ folder: child, depth: depth + 1 });
    }
    for (const file of folder.files(limit)) later.push({ line: `${indent}- ${describeFile(file)}` });
    if (folder.ownFiles > opts.filesPerFolder) later.push({ line: `${indent}- … and ${folder.ownFiles - opts.filesPerFolder} more files` });
    for (let i = later.length - 1; i >= 0; i--) stack.push(later[i]!);
  }
}

/** The listing the tree tools show: one folder, `maxDepth` levels deep. */
export function renderTreeListing(folder: FolderView, opts: ListingOptions = {}): string {
  const out: string[] = [];
  render(folder, { maxDepth: opts.maxDepth ?? Number.POSITIVE_INFINITY, filesPerFolder: opts.filesPerFolder ?? Number.POSITIVE_INFINITY }, out);
  return out.join('\n');
}

/**
 * How many levels fit in `budgetChars`: a breadth-first count of the lines each level adds,
 * which stops as soon as the budget is spent (a huge vault costs no more than a small one).
 */
function depthThatFits(root: FolderView, budgetChars: number, filesPerFolder: number): number {
  let level: FolderView[] = [root];
  let used = 0;
  for (let depth = 1; level.length > 0; depth++) {
    const next: FolderView[] = [];
    for (const folder of level) {
      for (const child of folder.folders()) {
        used += depth * 2 + describeFolder(child).length + 3;
        next.push(child);
      }
      for (const file of folder.files(filesPerFolder)) used += depth * 2 + describeFile(file).length + 3;
      if (folder.ownFiles > filesPerFolder) used += 30;
      if (used > budgetChars) return depth - 1;
    }
    level = next;
  }
  return Number.POSITIVE_INFINITY;
}

export interface MapOptions {
  budgetChars: number;
  recent: number;
  filesPerFolder?: number;
}

/**
 * A map of the vault that fits a budget whatever the vault's size: the most recently updated
 * notes, every project by name, then the folder tree as deep as the rest of the budget allows.
 * Both tree.md and the agents' first context are made of it; the tree tool and the app give depth.
 */
export function renderVaultMap(index: VaultIndex, opts: MapOptions): string {
  const filesPerFolder = opts.filesPerFolder ?? 25;
  const sections: string[] = [];
  const recent = index.recent(opts.recent);
  if (recent.length > 0) {
    sections.push(['### Recently updated', ...recent.map((e) => `- ${e.path} · ${e.tokens ?? 0} tokens · updated ${e.updated?.slice(0, 16).replace('T', ' ')}`)].join('\n'));
  }
  const projects = index.folder(PROJECTS_DIR);
  if (projects && projects.folders.size > 0) {
    // Names matter most after the recent notes, so they are listed compactly, up to half the budget.
    const items = [...projects.folders.values()].sort(byName).map((p) => `${p.name} (${p.fileCount})`);
    const cap = Math.floor(opts.budgetChars / 2);
    let used = 0;
    let shown = 0;
    while (shown < items.length && used + items[shown]!.length + 2 <= cap) used += items[shown++]!.length + 2;
    const rest = items.length - shown;
    const more = rest > 0 ? `; … and ${rest} more (tree("${PROJECTS_DIR}", 1) lists them all)` : '';
    sections.push(`### Projects (${items.length}, files in each)\n${items.slice(0, shown).join('; ')}${more}`);
  }
  const used = sections.reduce((n, s) => n + s.length + 2, 0);
  const root = folderView(index.folder('') ?? { name: '', path: '', folders: new Map(), files: new Map(), fileCount: 0, tokens: 0 });
  const depth = Math.max(1, depthThatFits(root, opts.budgetChars - used - 120, filesPerFolder));
  let listing = renderTreeListing(root, { maxDepth: depth, filesPerFolder });
  const room = Math.max(0, opts.budgetChars - used - 120);
  if (listing.length > room) {
    const cut = listing.lastIndexOf('\n', room);
    const kept = listing.slice(0, cut > 0 ? cut : 0);
    listing = `${kept}${kept ? '\n' : ''}- … (cut to fit: ${listing.split('\n').length - (kept ? kept.split('\n').length : 0)} more lines)`;
  }
  const note = Number.isFinite(depth) && root.fileCount > 0 ? ` (${depth} level${depth === 1 ? '' : 's'} deep; deeper folders as counts)` : '';
  sections.push(`### Folders${note}\n${listing || '(no files yet)'}`);
  return sections.join('\n\n');
}

/** Body of tree.md (the tree writer adds the frontmatter). */
export function renderTreeBody(index: VaultIndex, budgetChars = 32_000): string {
  const totals = index.totals();
  return [
    '# Vault tree',
    '',
    '_Generated by Knower from the files on disk: edits here are replaced. A bounded map of the vault: the app lists every file, and the agents use their tree tool for depth._',
    '',
    `${totals.files} files · ${totals.notes} notes · ${totals.tokens} tokens`,
    '',
    renderVaultMap(index, { budgetChars, recent: 20 }),
    '',
  ].join('\n');
}
