import { COMMIT_KINDS, type CommitKind } from '../api/index.js';
import type { Git } from './git.js';
import { BRANCH } from './repo.js';

// Who made a commit: an update, an undo, a restore, the person (hand edits), the first snapshot, or a forget.
export { type CommitKind };

export interface CommitInfo {
  /** Position in the history, 1 for the first commit: the listing's cursor. */
  seq: number;
  commit: string;
  parent: string | null;
  kind: CommitKind;
  /** When the change was made (ISO-8601, UTC). */
  at: string;
  author: string;
  subject: string;
  updateId?: string;
  /** The commit an undo reverses. */
  undoes?: string;
  /** The commit a restore took a note's version from. */
  restoredFrom?: string;
}

const TRAILERS = ['Kind', 'Update', 'Undoes', 'From'].map((k) => `%(trailers:key=Knower-${k},valueonly,separator=%x2C)`);
/** One commit of `git log -z`: these fields, each ended by a NUL (a commit message never holds one). */
const FIELDS = ['%H', '%P', '%an', '%aI', '%s', ...TRAILERS];

const COMMIT_ID = /^[0-9a-f]{40}$/;
/** Update ids are Knower's own (`20250314-092600-a1b2c3`): one word, never text a person wrote. */
const UPDATE_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** A trailer's value when it has the shape Knower writes, else nothing (two values would read "a,b"). */
const valid = (value: string | undefined, shape: RegExp) => (value && shape.test(value) ? value : undefined);

/** The commits of `git log -z --format=<FIELDS joined by %x00>`, oldest first. */
function parseLog(stdout: string): Array<Omit<CommitInfo, 'seq'>> {
  const fields = stdout.split('\0');
  // tformat ends every commit, the last one too, with the NUL of -z: one empty field is left over.
  if (fields.pop() !== '' || fields.length % FIELDS.length !== 0) throw new Error('git log gave output that is not one record per commit');
  const out: Array<Omit<CommitInfo, 'seq'>> = [];
  for (let i = 0; i < fields.length; i += FIELDS.length) {
    const [commit = '', parents = '', author = '', at = '', subject = '', kind, updateId, undoes, from] = fields.slice(i, i + FIELDS.length).map((f) => f.trim());
    if (!COMMIT_ID.test(commit)) throw new Error(`git log gave ${JSON.stringify(commit.slice(0, 60))} where a commit id belongs`);
    const known = valid(kind, /^[a-z]+$/);
    const update = valid(updateId, UPDATE_ID);
    const undone = valid(undoes, COMMIT_ID);
    const restoredFrom = valid(from, COMMIT_ID);
    out.push({
      commit,
      parent: parents.split(' ')[0] || null,
      kind: known && (COMMIT_KINDS as readonly string[]).includes(known) ? (known as CommitKind) : 'hand',
      at: new Date(at).toISOString(),
      author,
      subject,
      ...(update ? { updateId: update } : {}),
      ...(undone ? { undoes: undone } : {}),
      ...(restoredFrom ? { restoredFrom } : {}),
    });
  }
  return out;
}

/**
 * Every commit of the history, in memory (a few hundred bytes each), read once from git at
 * start: the listing, lookups by update id and which undo reversed what are answered without
 * a process. git stays the only record; this is its index.
 */
export class CommitLog {
  private readonly list: CommitInfo[] = [];
  private readonly byCommit = new Map<string, CommitInfo>();
  private readonly byUpdate = new Map<string, CommitInfo>();
  private readonly undoneBy = new Map<string, string[]>();

  /** Reads every commit again (the branch was rewritten or put back): entries and their seqs as git has them now. */
  async reload(git: Git): Promise<void> {
    this.list.length = 0;
    this.byCommit.clear();
    this.byUpdate.clear();
    this.undoneBy.clear();
    await this.load(git);
  }

  async load(git: Git): Promise<void> {
    const { stdout, code } = await git.run(['log', '-z', '--reverse', `--format=${FIELDS.join('%x00')}`, BRANCH, '--'], { okCodes: [128] });
    if (code !== 0) return; // no commit yet
    for (const info of parseLog(stdout.toString('utf8'))) this.add(info);
  }

  add(info: Omit<CommitInfo, 'seq'>): CommitInfo {
    const entry = { ...info, seq: this.list.length + 1 };
    this.list.push(entry);
    this.byCommit.set(entry.commit, entry);
    if (entry.kind === 'update' && entry.updateId) this.byUpdate.set(entry.updateId, entry);
    if (entry.undoes) this.undoneBy.set(entry.undoes, [...(this.undoneBy.get(entry.undoes) ?? []), entry.commit]);
    return entry;
  }

  get size(): number {
    return this.list.length;
  }

  /** By full id or by a unique prefix of at least 7 characters. */
  get(ref: string): CommitInfo | undefined {
    const exact = this.byCommit.get(ref);
    if (exact || ref.length < 7 || !/^[0-9a-f]+$/.test(ref)) return exact;
    const found = this.list.filter((c) => c.commit.startsWith(ref));
    return found.length === 1 ? found[0] : undefined;
  }

  forUpdate(id: string): CommitInfo | undefined {
    return this.byUpdate.get(id);
  }

  undoneByOf(commit: string): string[] {
    return this.undoneBy.get(commit) ?? [];
  }

  /**
   * The undo that reverses a commit now, if one does: the latest of its undos not undone in
   * turn (undoing an undo puts the change back). Deeper than 20 undos of undos counts as none.
   */
  standingUndo(commit: string, depth = 0): string | undefined {
    if (depth > 20) return undefined;
    return this.undoneByOf(commit).findLast((undo) => !this.standingUndo(undo, depth + 1));
  }

  /** Newest first, older than `before` (a seq), only the given kinds. */
  page(opts: { before?: number; limit: number; kinds?: ReadonlySet<CommitKind> }): { entries: CommitInfo[]; next?: number } {
    const entries: CommitInfo[] = [];
    for (let i = Math.min(opts.before ?? Infinity, this.list.length + 1) - 2; i >= 0; i--) {
      const entry = this.list[i] as CommitInfo;
      if (opts.kinds && !opts.kinds.has(entry.kind)) continue;
      if (entries.length === opts.limit) return { entries, next: (entries.at(-1) as CommitInfo).seq };
      entries.push(entry);
    }
    return { entries };
  }
}
