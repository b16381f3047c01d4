import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { isTextContent, versionKey } from '../vault/index.js';
import { mapLimit, storeBlob, type HistoryContext } from './context.js';
import { blobId, writeBlob } from './git-objects.js';
import { readForHistory } from './history-file.js';
import { readBlobs } from './repo-read.js';
import { isHistoryPath } from './run-changes.js';
import { FILE_MODE, isTree, TREE_MODE, treeIdOf, type Tree, type GitTreeEntry } from './tree-object.js';

/** Files read and decided together: a folder of 30k notes is never held in memory whole. */
const CHUNK = 32;

const join = (folder: string, name: string) => (folder ? `${folder}/${name}` : name);

/** The files a commit changes: counted, and listed unless only the count is wanted (a first snapshot of 100k files). */
export class ChangedPaths {
  readonly paths: string[] = [];
  count = 0;

  constructor(private readonly listed: boolean) {}

  add(rel: string): void {
    this.count++;
    if (this.listed) this.paths.push(rel);
  }

  sorted(): string[] {
    return [...this.paths].sort((a, b) => a.localeCompare(b));
  }
}

/** A file as read now (null: gone), with what the history has at its path. */
export interface FileState {
  rel: string;
  bytes: Buffer | null;
  head: GitTreeEntry | undefined;
  /** Bytes a run found before changing the path: the path's own run does not own it. */
  known?: boolean;
}

/**
 * The vault on disk against a tree of the history, one folder at a time: reads each folder's
 * files a chunk at a time, stores the blobs that changed and writes the folder's new tree, so
 * memory holds one chunk of files and the folders on the current path, whatever the vault's
 * size. A path some run owns (journaled, not committed yet) keeps what the history has: the
 * run's commit records it. Which paths are owned is asked after they are read: a run journals a
 * change before making it, so any run's write seen on disk is in the answer.
 */
export class VaultWalk {
  /** Owned paths met so far: a walk that met none settled everything it looked at. */
  ownedSeen = 0;

  private readonly owned: () => Promise<Set<string>>;
  private readonly changed: ChangedPaths;
  private readonly skip: ReadonlySet<string>;
  private readonly rememberKeys: boolean;
  private readonly stopped: () => boolean;
  /** The walk was told to stop: what it returned is partial and must not be committed. */
  stoppedEarly = false;

  constructor(
    private readonly ctx: HistoryContext,
    opts: {
      owned: () => Promise<Set<string>>;
      changed: ChangedPaths;
      /** Paths decided elsewhere (what a run found there): a folder's walk leaves them as the history has them. */
      skip?: ReadonlySet<string>;
      /** Keep the version keys of the blobs stored (not for a whole vault: 100k keys no later commit needs). */
      rememberKeys?: boolean;
      /** Asked at each folder: true ends the walk early (see stoppedEarly). */
      stopped?: () => boolean;
    },
  ) {
    this.stopped = opts.stopped ?? (() => false);
    this.owned = opts.owned;
    this.changed = opts.changed;
    this.skip = opts.skip ?? new Set();
    this.rememberKeys = opts.rememberKeys ?? true;
  }

  /** The tree the folder `rel` ('' for the vault) makes now; `head` is what the history has there. */
  async folder(rel: string, head: GitTreeEntry | undefined): Promise<GitTreeEntry | undefined> {
    if (!this.stoppedEarly && this.stopped()) this.stoppedEarly = true;
    if (this.stoppedEarly) return head;
    const abs = path.join(this.ctx.root, rel);
    const dirents = await readdir(abs, { withFileTypes: true }).catch(() => []);
    const headTree = treeIdOf(head);
    const before: Tree = headTree ? await this.ctx.repo.trees.get(headTree) : new Map();
    const tree: Tree = new Map(before);
    // A folder where the history had a file or nothing is new, whatever it holds.
    let changed = !headTree;
    if (head && !headTree) this.changed.add(rel); // the file it replaces
    const set = (name: string, entry: GitTreeEntry | undefined) => {
      const old = before.get(name);
      if (entry && (old?.id !== entry.id || old.mode !== entry.mode)) tree.set(name, entry);
      else if (!entry && old) tree.delete(name);
      else return;
      changed = true;
    };
    const seen = new Set<string>();
    const files: string[] = [];
    const folders: string[] = [];
    for (const d of dirents) {
      if (d.name.startsWith('.') || !isHistoryPath(join(rel, d.name))) continue;
      seen.add(d.name); // anything else (a link, a socket) stays as the history has it
      if (d.isDirectory()) folders.push(d.name);
      else if (d.isFile()) files.push(d.name);
    }
    for (let i = 0; i < files.length; i += CHUNK) {
      const read = await mapLimit(files.slice(i, i + CHUNK), 16, async (name) => ({ name, rel: join(rel, name), bytes: await readForHistory(path.join(abs, name)) }));
      const owned = await this.owned();
      const states: FileState[] = [];
      for (const r of read) {
        if (owned.has(r.rel)) this.ownedSeen++;
        else if (r.bytes !== undefined && !this.skip.has(r.rel)) states.push({ rel: r.rel, bytes: r.bytes, head: before.get(r.name) });
      }
      const made = await this.files(states, owned);
      states.forEach((s, k) => set(s.rel.slice(rel ? rel.length + 1 : 0), made[k]));
    }
    // The subfolders' trees in one process rather than one each (400 project folders, say).
    await this.ctx.repo.trees.load(folders.flatMap((name) => treeIdOf(before.get(name)) ?? []));
    for (const name of folders) {
      set(name, await this.folder(join(rel, name), before.get(name)));
    }
    const gone = [...before.keys()].filter((name) => !seen.has(name) && !this.skip.has(join(rel, name)));
    if (gone.length) {
      const owned = await this.owned();
      for (const name of gone) set(name, await this.remove(join(rel, name), before.get(name), owned));
    }
    if (!changed) return head;
    return tree.size === 0 ? undefined : { mode: TREE_MODE, id: await this.ctx.repo.trees.write(tree) };
  }

  /** What each file's path holds now: unchanged (the head entry itself), a new blob, or nothing. */
  async files(states: readonly FileState[], owned: ReadonlySet<string>): Promise<Array<GitTreeEntry | undefined>> {
    const ids = states.map((s) => (s.bytes ? blobId(s.bytes) : null));
    // A version of a note the history stored before this process started: its key needs its bytes.
    const unknown = states.flatMap((s, k) => (s.bytes && s.head && !isTree(s.head) && s.head.id !== ids[k] && isTextContent(s.bytes) && !this.ctx.keys.get(s.head.id) ? [s.head.id] : []));
    const previous = await readBlobs(this.ctx.repo.git, unknown);
    const keyOf = (id: string) => this.ctx.keys.get(id) ?? (previous.has(id) ? versionKey(previous.get(id) as Buffer) : undefined);
    return mapLimit(states, 8, async (s, k) => {
      if (!s.bytes) return this.remove(s.rel, s.head, owned, s.known);
      const head = s.head;
      if (head && !isTree(head)) {
        if (head.id === ids[k]) return head;
        if (isTextContent(s.bytes) && keyOf(head.id) === versionKey(s.bytes)) return head; // only the job's fields moved
      }
      if (head && isTree(head)) for await (const [p] of this.ctx.repo.trees.files(head, s.rel)) this.changed.add(p); // a file replaces a folder
      this.changed.add(s.rel);
      return { mode: FILE_MODE, id: this.rememberKeys ? await storeBlob(this.ctx, s.bytes) : await writeBlob(this.ctx.repo.git.gitDir, s.bytes) };
    });
  }

  /** What is left of `head` once the path is gone from disk: nothing, but for the files a run owns. */
  async remove(rel: string, head: GitTreeEntry | undefined, owned: ReadonlySet<string>, known = false): Promise<GitTreeEntry | undefined> {
    if (!head) return undefined;
    if (!isTree(head)) {
      if (!known && owned.has(rel)) {
        this.ownedSeen++;
        return head;
      }
      this.changed.add(rel);
      return undefined;
    }
    const removed: string[] = [];
    let kept = 0;
    for await (const [p] of this.ctx.repo.trees.files(head, rel)) {
      if (owned.has(p)) kept++;
      else if (!this.skip.has(p)) removed.push(p);
    }
    for (const p of removed) this.changed.add(p);
    this.ownedSeen += kept;
    if (kept === 0 && ![...this.skip].some((p) => p.startsWith(`${rel}/`))) return undefined;
    return {
      mode: TREE_MODE,
      id: await this.ctx.repo.trees.apply(
        head.id,
        removed.map((p) => ({ path: p.slice(rel.length + 1), blob: null })),
      ),
    };
  }
}
