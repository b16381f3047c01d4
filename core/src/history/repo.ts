import { access, mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Git } from './git.js';
import { writeObject } from './git-objects.js';
import { EMPTY_TREE, type GitTreeEntry } from './tree-object.js';
import { TreeStore, type TreeChange } from './tree-store.js';

export type { TreeChange };

export const BRANCH = 'refs/heads/main';

export interface Person {
  name: string;
  email: string;
}

interface CommitText {
  message: string;
  author: Person;
  date: Date;
}

/**
 * A commit of some changes on HEAD, or of a whole tree built beforehand (a snapshot of the vault).
 * `allowEmpty`: made even when the tree is HEAD's (a forget is recorded whatever it left to commit).
 */
export type NewCommit = CommitText & ({ changes: readonly TreeChange[] } | { tree: string }) & { allowEmpty?: boolean };

const COMMITTER: Person = { name: 'Knower', email: 'knower@knower.invalid' };

const ident = (p: Person, date: Date) => `${p.name} <${p.email}> ${Math.floor(date.getTime() / 1000)} +0000`;

/**
 * Knower's repository: a bare git dir whose trees and commits Knower writes itself (the objects
 * `git write-tree` and `git commit-tree` would write, byte for byte), then moves the branch with a
 * compare-and-swap `update-ref`. No index: a commit reads and rewrites only the folders on its
 * changed paths, so it costs the same in a vault of 1k notes or 100k. Nothing here ever looks
 * at the vault: file contents arrive as blobs already written.
 */
export class Repo {
  private headId: string | null = null;
  private headTreeId = EMPTY_TREE;
  readonly trees: TreeStore;

  constructor(
    readonly git: Git,
    /** Where an index was kept before commits stopped using one: removed at open. */
    private readonly oldIndexFile?: string,
  ) {
    this.trees = new TreeStore(git);
  }

  get head(): string | null {
    return this.headId;
  }

  /** The root tree of HEAD (the empty tree before the first commit). */
  get headTree(): string {
    return this.headTreeId;
  }

  /** Creates the repository when missing; after a crash, clears stale locks. */
  async open(): Promise<void> {
    const dir = this.git.gitDir;
    if (
      !(await access(path.join(dir, 'HEAD')).then(
        () => true,
        () => false,
      ))
    ) {
      await mkdir(dir, { recursive: true });
      await this.git.run(['init', '--bare', '--quiet', '--initial-branch=main']);
      // gc runs inside the history's own turn, never as a detached process left behind.
      await this.git.run(['config', 'gc.autoDetach', 'false']);
    }
    // Only this process writes here: any lock now is left from a process that was killed.
    for (const lock of ['HEAD.lock', 'config.lock', 'packed-refs.lock', `${BRANCH}.lock`, 'gc.pid']) {
      await rm(path.resolve(dir, lock), { force: true });
    }
    await this.dropOldIndex();
    await this.refresh();
  }

  /** Reads HEAD again: at open, and after the branch was moved as a whole (a rewrite, a backup put back). */
  async refresh(): Promise<void> {
    const { stdout, code } = await this.git.run(['rev-parse', '--verify', '--quiet', `${BRANCH}^{commit}`], { okCodes: [1] });
    this.headId = code === 0 ? stdout.toString().trim() : null;
    this.headTreeId = this.headId ? (await this.git.run(['rev-parse', `${this.headId}^{tree}`])).stdout.toString().trim() : EMPTY_TREE;
  }

  /** What each path is at HEAD: a file, a folder, or nothing. */
  entriesAt(rels: readonly string[]): Promise<Map<string, GitTreeEntry | undefined>> {
    return this.trees.entriesAt(this.headTreeId, rels);
  }

  /** One commit on HEAD; null when it would record nothing new. */
  async commit(c: NewCommit): Promise<{ commit: string; parent: string | null } | null> {
    const tree = 'tree' in c ? c.tree : await this.trees.apply(this.headTreeId, c.changes);
    if (tree === this.headTreeId && !c.allowEmpty) return null;
    const parent = this.headId;
    const text = [`tree ${tree}`, ...(parent ? [`parent ${parent}`] : []), `author ${ident(c.author, c.date)}`, `committer ${ident(COMMITTER, c.date)}`, '', c.message].join('\n');
    const id = await writeObject(this.git.gitDir, 'commit', Buffer.from(text.endsWith('\n') ? text : `${text}\n`, 'utf8'));
    // Compare-and-swap on the branch: a second writer could only ever fail here, not fork it.
    await this.git.run(['update-ref', BRANCH, id, parent ?? '']);
    this.headId = id;
    this.headTreeId = tree;
    return { commit: id, parent };
  }

  /** Histories made before commits stopped using an index kept one beside the repository (a split one, in parts). */
  private async dropOldIndex(): Promise<void> {
    if (!this.oldIndexFile) return;
    await rm(this.oldIndexFile, { force: true });
    await rm(`${this.oldIndexFile}.lock`, { force: true });
    for (const name of await readdir(this.git.gitDir).catch(() => [])) {
      if (name.startsWith('sharedindex.')) await rm(path.join(this.git.gitDir, name), { force: true });
    }
    await this.git.run(['config', '--unset', 'core.splitIndex'], { okCodes: [5] });
  }
}
