import { access, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Git } from './git.js';

export const BRANCH = 'refs/heads/main';
const ZERO = '0'.repeat(40);

/** A path set to a blob, or removed (null). */
export interface TreeChange {
  path: string;
  blob: string | null;
}

export interface Person {
  name: string;
  email: string;
}

export interface NewCommit {
  changes: TreeChange[];
  message: string;
  author: Person;
  date: Date;
}

const COMMITTER: Person = { name: 'Knower', email: 'knower@knower.invalid' };

const gitDate = (date: Date) => `${Math.floor(date.getTime() / 1000)} +0000`;

/**
 * Knower's repository: a bare git dir with its own index file that always mirrors HEAD, so a
 * commit is `update-index` of exactly the paths that changed, `write-tree` (which recomputes only
 * the folders those paths are in), `commit-tree` and a compare-and-swap `update-ref`. Nothing
 * here ever looks at the vault: file contents arrive as blobs already written.
 */
export class Repo {
  private headId: string | null = null;
  private readonly files = new Map<string, string>();
  /** Folders of tracked files: adding a file where a folder was (or the reverse) replaces entries. */
  private readonly folders = new Set<string>();

  constructor(
    readonly git: Git,
    private readonly indexFile: string,
  ) {}

  get head(): string | null {
    return this.headId;
  }

  /** Path → blob id of every file in HEAD. */
  get tree(): ReadonlyMap<string, string> {
    return this.files;
  }

  /** Creates the repository when missing; after a crash, clears stale locks and resets the index to HEAD. */
  async open(): Promise<void> {
    const dir = this.git.gitDir;
    if (!(await access(path.join(dir, 'HEAD')).then(() => true, () => false))) {
      await mkdir(dir, { recursive: true });
      await this.git.run(['init', '--bare', '--quiet', '--initial-branch=main']);
      // gc runs inside the history's own turn, never as a detached process left behind.
      await this.git.run(['config', 'gc.autoDetach', 'false']);
      // A split index: a commit rewrites a few kilobytes, not the whole index (0.8 MB at 10k notes).
      await this.git.run(['config', 'core.splitIndex', 'true']);
    }
    // Only this process writes here: any lock now is left from a process that was killed.
    for (const lock of [`${this.indexFile}.lock`, 'HEAD.lock', 'config.lock', 'packed-refs.lock', `${BRANCH}.lock`, 'gc.pid']) {
      await rm(path.resolve(dir, lock), { force: true });
    }
    const { stdout, code } = await this.git.run(['rev-parse', '--verify', '--quiet', `${BRANCH}^{commit}`], { okCodes: [1] });
    this.headId = code === 0 ? stdout.toString().trim() : null;
    await this.resync();
  }

  /** The index and the in-memory listing back to exactly HEAD (a commit cut short leaves them ahead). */
  async resync(): Promise<void> {
    await this.git.run(this.headId ? ['read-tree', this.headId] : ['read-tree', '--empty']);
    this.files.clear();
    this.folders.clear();
    const out = (await this.git.run(['ls-files', '--stage', '-z'])).stdout.toString('utf8');
    for (const record of out.split('\0')) {
      const tab = record.indexOf('\t');
      if (tab > 0) this.track(record.slice(tab + 1), record.split(' ')[1] ?? '');
    }
  }

  /** One commit of `changes` on HEAD; null when they change nothing. */
  async commit(c: NewCommit): Promise<{ commit: string; parent: string | null } | null> {
    const last = new Map(c.changes.map((change) => [change.path, change.blob]));
    const effective = [...last].filter(([rel, blob]) => (this.files.get(rel) ?? null) !== blob);
    if (effective.length === 0) return null;
    const parent = this.headId;
    try {
      const info = effective.map(([rel, blob]) => (blob ? `100644 ${blob}\t${rel}\0` : `0 ${ZERO}\t${rel}\0`)).join('');
      await this.git.run(['update-index', '--replace', '-z', '--index-info'], { input: info });
      const tree = (await this.git.run(['write-tree'])).stdout.toString().trim();
      const env = {
        GIT_AUTHOR_NAME: c.author.name,
        GIT_AUTHOR_EMAIL: c.author.email,
        GIT_AUTHOR_DATE: gitDate(c.date),
        GIT_COMMITTER_NAME: COMMITTER.name,
        GIT_COMMITTER_EMAIL: COMMITTER.email,
        GIT_COMMITTER_DATE: gitDate(c.date),
      };
      const args = ['commit-tree', tree, ...(parent ? ['-p', parent] : []), '-F', '-'];
      const id = (await this.git.run(args, { input: c.message, env })).stdout.toString().trim();
      // Compare-and-swap on the branch: a second writer could only ever fail here, not fork it.
      await this.git.run(['update-ref', BRANCH, id, parent ?? '']);
      this.headId = id;
    } catch (err) {
      await this.resync().catch(() => undefined);
      throw err;
    }
    const reshaped = effective.some(([rel, blob]) => blob !== null && (this.folders.has(rel) || parentsOf(rel).some((p) => this.files.has(p))));
    if (reshaped) await this.resync();
    else {
      for (const [rel, blob] of effective) {
        if (blob) this.track(rel, blob);
        else this.files.delete(rel);
      }
    }
    return { commit: this.headId as string, parent };
  }

  private track(rel: string, blob: string): void {
    this.files.set(rel, blob);
    for (const folder of parentsOf(rel)) this.folders.add(folder);
  }
}

function parentsOf(rel: string): string[] {
  const parts = rel.split('/');
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('/'));
}
