import { isNote, TREE_FILE } from './indexed-set.js';

export interface IndexEntry {
  path: string;
  kind: 'note' | 'file';
  size: number;
  tokens?: number;
  updated?: string;
  /** Why the frontmatter could not be read; the note is still listed and searchable. */
  malformed?: string;
}

/** What the service knows about every file in the vault, kept current by the background job. */
export class VaultIndex {
  private readonly entries = new Map<string, IndexEntry>();
  private version = 0;

  set(entry: IndexEntry): void {
    this.entries.set(entry.path, entry);
    this.version++;
  }

  delete(rel: string): boolean {
    // A deleted folder arrives as one event per file, but be safe with a prefix sweep.
    let removed = this.entries.delete(rel);
    const prefix = `${rel}/`;
    for (const key of this.entries.keys()) {
      if (key.startsWith(prefix)) removed = this.entries.delete(key) || removed;
    }
    if (removed) this.version++;
    return removed;
  }

  get(rel: string): IndexEntry | undefined {
    return this.entries.get(rel);
  }

  /** Every entry in no particular order (cheaper than list() when order does not matter). */
  values(): IterableIterator<IndexEntry> {
    return this.entries.values();
  }

  /** Every file, sorted by path; tree.md itself is left out of its own listing. */
  list(): IndexEntry[] {
    return [...this.entries.values()]
      .filter((e) => e.path !== TREE_FILE)
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  get size(): number {
    return this.entries.size;
  }

  /** Changes on every mutation: lets tree.md regeneration skip when nothing changed. */
  get revision(): number {
    return this.version;
  }

  totals(): { files: number; notes: number; tokens: number } {
    let notes = 0;
    let tokens = 0;
    for (const e of this.entries.values()) {
      if (e.path === TREE_FILE) continue;
      if (isNote(e.path)) notes++;
      tokens += e.tokens ?? 0;
    }
    return { files: this.entries.size - (this.entries.has(TREE_FILE) ? 1 : 0), notes, tokens };
  }
}
