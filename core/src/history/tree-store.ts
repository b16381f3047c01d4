import type { Git } from './git.js';
import { writeObject } from './git-objects.js';
import { readBlobs } from './repo-read.js';
import { EMPTY_RAW, findEntry, indexTree, spliceTree, type RawTree } from './raw-tree.js';
import { EMPTY_TREE, FILE_MODE, parseTree, serializeTree, TREE_MODE, treeIdOf, type Tree, type GitTreeEntry } from './tree-object.js';

/** A path set to a blob, set to a folder's tree, or removed (blob null: a file or a whole folder). */
export type TreeChange = { path: string; blob: string | null } | { path: string; tree: string };

/** What one path becomes, and what changes below it (a file with changes below gives way to a folder). */
interface ChangeNode {
  set?: GitTreeEntry | null;
  below: Map<string, ChangeNode>;
}

/**
 * The folders of the history as git trees, read on demand (`cat-file --batch`, one process per
 * level of a lookup) and cached as git stores them, within a bound in bytes. Trees are addressed
 * by content, so a cached tree never goes stale. A commit splices the entries it changes into
 * the trees on its changed paths and writes those, nothing else: its cost follows the depth of
 * those paths (and the byte size of those folders' trees), not the size of the vault.
 */
export class TreeStore {
  private readonly cache = new Map<string, RawTree>();
  private cachedBytes = 0;

  constructor(
    private readonly git: Git,
    /** The folders on the paths commits touch, not the whole vault's (a folder of 30k notes is ~2 MB). */
    private readonly maxBytes = 8 * 1024 * 1024,
  ) {}

  /** Reads the trees not cached yet, all in one process. */
  async load(ids: Iterable<string>): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => id !== EMPTY_TREE && !this.cache.has(id));
    if (missing.length === 0) return;
    const raw = await readBlobs(this.git, missing);
    for (const id of missing) {
      const bytes = raw.get(id);
      if (!bytes) throw new Error(`tree ${id} is missing from the history`);
      this.remember(id, indexTree(Buffer.from(bytes)));
    }
  }

  private async raw(id: string): Promise<RawTree> {
    if (id === EMPTY_TREE) return EMPTY_RAW;
    const hit = this.cache.get(id);
    if (hit) {
      // Most recently used last: the first entries of the map are the ones to evict.
      this.cache.delete(id);
      this.cache.set(id, hit);
      return hit;
    }
    await this.load([id]);
    return this.cache.get(id) as RawTree;
  }

  /** A folder's entries, decoded (a copy: change it freely). */
  async get(id: string): Promise<Tree> {
    return id === EMPTY_TREE ? new Map() : parseTree((await this.raw(id)).raw);
  }

  /** Stores a folder (already in the repository when its id exists). */
  async write(tree: Tree): Promise<string> {
    return tree.size === 0 ? EMPTY_TREE : this.writeRaw(serializeTree(tree));
  }

  private async writeRaw(raw: Buffer): Promise<string> {
    const id = await writeObject(this.git.gitDir, 'tree', raw);
    this.remember(id, indexTree(raw));
    return id;
  }

  /** What each path is in the tree `root`: a file, a folder, or nothing (undefined). Batched per level. */
  async entriesAt(root: string, rels: readonly string[]): Promise<Map<string, GitTreeEntry | undefined>> {
    const out = new Map<string, GitTreeEntry | undefined>();
    let walking = rels.map((rel) => ({ rel, parts: rel.split('/'), at: { mode: TREE_MODE, id: root } as GitTreeEntry | undefined, depth: 0 }));
    while (walking.length) {
      await this.load(walking.flatMap((w) => treeIdOf(w.at) ?? []));
      const next: typeof walking = [];
      for (const w of walking) {
        const folder = treeIdOf(w.at);
        const entry = folder ? findEntry(await this.raw(folder), w.parts[w.depth] as string) : undefined;
        if (w.depth + 1 === w.parts.length || !entry) out.set(w.rel, w.depth + 1 === w.parts.length ? entry : undefined);
        else next.push({ ...w, at: entry, depth: w.depth + 1 });
      }
      walking = next;
    }
    return out;
  }

  /** Every file below a folder entry (its path under `prefix`), depth first. */
  async *files(entry: GitTreeEntry, prefix: string): AsyncGenerator<[string, GitTreeEntry]> {
    const id = treeIdOf(entry);
    if (!id) return yield [prefix, entry];
    for (const [name, child] of await this.get(id)) yield* this.files(child, `${prefix}/${name}`);
  }

  /** The tree `root` with `changes` applied in order (a later change to a path wins). */
  async apply(root: string, changes: readonly TreeChange[]): Promise<string> {
    const top: ChangeNode = { below: new Map() };
    for (const change of changes) {
      let node = top;
      for (const part of change.path.split('/')) {
        let child = node.below.get(part);
        if (!child) node.below.set(part, (child = { below: new Map() }));
        node = child;
      }
      node.set = 'tree' in change ? { mode: TREE_MODE, id: change.tree } : change.blob ? { mode: FILE_MODE, id: change.blob } : null;
      node.below.clear();
    }
    const result = await this.build(top, { mode: TREE_MODE, id: root });
    return result?.id ?? EMPTY_TREE;
  }

  private async build(node: ChangeNode, current: GitTreeEntry | undefined): Promise<GitTreeEntry | undefined> {
    const start = node.set === undefined ? current : (node.set ?? undefined);
    if (node.below.size === 0) return start;
    const startId = treeIdOf(start);
    const tree = startId ? await this.raw(startId) : EMPTY_RAW;
    // The folders this level descends into, read in one process.
    await this.load(
      [...node.below].flatMap(([name, child]) => {
        const id = treeIdOf(child.set === undefined ? findEntry(tree, name) : (child.set ?? undefined));
        return child.below.size && id ? [id] : [];
      }),
    );
    const made = new Map<string, GitTreeEntry | null>();
    for (const [name, child] of node.below) made.set(name, (await this.build(child, findEntry(tree, name))) ?? null);
    const raw = spliceTree(tree, made);
    // The version this one replaces is history now: the next commit starts from the new one. Kept,
    // a wide folder's every version (2 MB each for 30k notes) would push the others out of the cache.
    if (startId) this.forget(startId);
    if (raw.length === 0) return undefined; // git keeps no empty folders
    return { mode: TREE_MODE, id: await this.writeRaw(raw) };
  }

  private forget(id: string): void {
    const tree = this.cache.get(id);
    if (!tree) return;
    this.cache.delete(id);
    this.cachedBytes -= tree.raw.length + tree.starts.byteLength * 2;
  }

  private remember(id: string, tree: RawTree): void {
    if (this.cache.has(id)) return;
    this.cache.set(id, tree);
    this.cachedBytes += tree.raw.length + tree.starts.byteLength * 2;
    for (const oldId of this.cache.keys()) {
      if (this.cachedBytes <= this.maxBytes || oldId === id) break;
      this.forget(oldId);
    }
  }
}
