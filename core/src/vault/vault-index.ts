import { TREE_FILE } from '../api/vault-layout.js';
import { isNote } from './indexed-set.js';

export interface IndexEntry {
  path: string;
  kind: 'note' | 'file';
  size: number;
  tokens?: number;
  /** ISO-8601; from the note's frontmatter where Knower stamps it, else from the file's own times. */
  created?: string;
  updated?: string;
  /** Why the frontmatter could not be read; the note is still listed and searchable. */
  malformed?: string;
}

/** One folder of the vault with totals over everything below it, kept as entries come and go. */
export interface FolderNode {
  name: string;
  /** Relative path without a trailing slash; '' for the vault root. */
  path: string;
  folders: Map<string, FolderNode>;
  files: Map<string, IndexEntry>;
  /** Files anywhere below (tree.md excluded). */
  fileCount: number;
  tokens: number;
}

const RECENT_KEEP = 64;

const newFolder = (name: string, path: string): FolderNode => ({ name, path, folders: new Map(), files: new Map(), fileCount: 0, tokens: 0 });

const byPath = (a: IndexEntry, b: IndexEntry) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/**
 * What the service knows about every file in the vault, kept current by the background job.
 * Folder totals, the note count and the most recently updated notes are maintained as entries
 * change, so a save costs the same whatever the vault's size: nothing here walks every entry
 * except list() and the rare refill of the recent list.
 */
export class VaultIndex {
  private readonly entries = new Map<string, IndexEntry>();
  private readonly rootFolder = newFolder('', '');
  private version = 0;
  private notes = 0;
  /** Newest first; may be short after deletions, refilled on demand. */
  private recentNotes: IndexEntry[] = [];
  private recentComplete = true;
  private listed: { version: number; entries: readonly IndexEntry[] } | undefined;

  set(entry: IndexEntry): void {
    const old = this.entries.get(entry.path);
    if (old) this.detach(old);
    this.entries.set(entry.path, entry);
    this.attach(entry);
    this.version++;
  }

  delete(rel: string): boolean {
    let removed = false;
    const entry = this.entries.get(rel);
    if (entry) {
      this.detach(entry);
      this.entries.delete(rel);
      removed = true;
    }
    // A deleted folder may arrive as a single event: everything below it goes too.
    const folder = this.folder(rel);
    if (folder && rel !== '') {
      for (const child of [...this.walk(folder)]) {
        this.detach(child);
        this.entries.delete(child.path);
      }
      removed = true;
    }
    if (removed) this.version++;
    return removed;
  }

  get(rel: string): IndexEntry | undefined {
    return this.entries.get(rel);
  }

  has(rel: string): boolean {
    return this.entries.has(rel);
  }

  /** Every entry in no particular order (cheaper than list() when order does not matter). */
  values(): IterableIterator<IndexEntry> {
    return this.entries.values();
  }

  /**
   * Every file, sorted by path; tree.md itself is left out of its own listing. Kept until the
   * next change: clients reload the whole listing often (at 100k files, a sort and an 800 kB array
   * each time), and entries are replaced on change, never edited in place.
   */
  list(): readonly IndexEntry[] {
    if (this.listed?.version !== this.version) {
      this.listed = { version: this.version, entries: [...this.entries.values()].filter((e) => e.path !== TREE_FILE).sort(byPath) };
    }
    return this.listed.entries;
  }

  /** The folder at `rel` ('' for the root), or undefined when no file lives below it. */
  folder(rel: string): FolderNode | undefined {
    let node: FolderNode | undefined = this.rootFolder;
    if (rel === '') return node;
    for (const part of rel.split('/')) {
      node = node.folders.get(part);
      if (!node) return undefined;
    }
    return node;
  }

  /** Entries below a folder, in no particular order (a stack of its own: any depth). */
  *walk(folder: FolderNode): Generator<IndexEntry> {
    const stack = [folder];
    while (stack.length > 0) {
      const next = stack.pop()!;
      yield* next.files.values();
      stack.push(...next.folders.values());
    }
  }

  /** The `limit` most recently updated notes, newest first. */
  recent(limit = 20): IndexEntry[] {
    if (!this.recentComplete && this.recentNotes.length < Math.min(limit, this.notes)) this.refillRecent();
    return this.recentNotes.slice(0, limit);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Changes on every mutation: lets tree.md regeneration and ETags skip when nothing changed. */
  get revision(): number {
    return this.version;
  }

  totals(): { files: number; notes: number; tokens: number } {
    const tree = this.entries.get(TREE_FILE);
    return { files: this.rootFolder.fileCount, notes: this.notes - (tree?.kind === 'note' ? 1 : 0), tokens: this.rootFolder.tokens };
  }

  private attach(entry: IndexEntry): void {
    if (entry.kind === 'note' && isNote(entry.path)) this.notes++;
    this.noteRecent(entry);
    const parts = entry.path.split('/');
    const name = parts.pop() ?? entry.path;
    const counted = entry.path !== TREE_FILE;
    let node = this.rootFolder;
    if (counted) this.count(node, entry, 1);
    for (const part of parts) {
      let child = node.folders.get(part);
      if (!child) node.folders.set(part, (child = newFolder(part, node.path ? `${node.path}/${part}` : part)));
      node = child;
      if (counted) this.count(node, entry, 1);
    }
    node.files.set(name, entry);
  }

  private detach(entry: IndexEntry): void {
    if (entry.kind === 'note' && isNote(entry.path)) this.notes--;
    const at = this.recentNotes.indexOf(entry);
    if (at >= 0) {
      this.recentNotes.splice(at, 1);
      this.recentComplete = false;
    }
    const parts = entry.path.split('/');
    const name = parts.pop() ?? entry.path;
    const counted = entry.path !== TREE_FILE;
    const chain: FolderNode[] = [this.rootFolder];
    for (const part of parts) {
      const child = chain[chain.length - 1]?.folders.get(part);
      if (!child) break;
      chain.push(child);
    }
    chain[chain.length - 1]?.files.delete(name);
    if (counted) for (const node of chain) this.count(node, entry, -1);
    // Empty folders disappear, deepest first.
    for (let i = chain.length - 1; i > 0; i--) {
      const node = chain[i]!;
      if (node.files.size > 0 || node.folders.size > 0) break;
      chain[i - 1]!.folders.delete(node.name);
    }
  }

  private count(node: FolderNode, entry: IndexEntry, sign: 1 | -1): void {
    node.fileCount += sign;
    node.tokens += sign * (entry.tokens ?? 0);
  }

  private noteRecent(entry: IndexEntry): void {
    if (entry.kind !== 'note' || !entry.updated || entry.path === TREE_FILE) return;
    const list = this.recentNotes;
    const oldest = list[list.length - 1];
    if (list.length >= RECENT_KEEP && oldest?.updated && oldest.updated >= entry.updated) return;
    let at = list.findIndex((e) => (e.updated ?? '') < entry.updated!);
    if (at < 0) at = list.length;
    list.splice(at, 0, entry);
    if (list.length > RECENT_KEEP) list.length = RECENT_KEEP;
  }

  private refillRecent(): void {
    this.recentNotes = [];
    for (const entry of this.entries.values()) this.noteRecent(entry);
    this.recentComplete = true;
  }
}
