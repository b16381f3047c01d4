import type { Git } from './git.js';
import { objectIdOf, writeObject, type ObjectType } from './git-objects.js';
import { parseCommit, remapTrailers, serializeCommit } from './commit-object.js';
import { ObjectReader } from './object-reader.js';
import { BRANCH } from './repo.js';
import { parseTree, serializeTree, TREE_MODE, type GitTreeEntry, type Tree } from './tree-object.js';

/** What a rewrite takes out of every commit: files by path, and text from files and messages. */
export interface RewritePlan {
  /** Whether the file or folder at `rel` goes from every commit. */
  drops(rel: string): boolean;
  /** A file's bytes with what is forgotten taken out; undefined when it holds none of it (absent: files are kept as they are). */
  scrub?(bytes: Buffer): Buffer | undefined;
  /** A commit message (subject and body: never Knower's trailers) with what is forgotten taken out. */
  scrubMessage(text: string): string;
  /** A file or folder name with what is forgotten taken out; undefined when it holds none (absent: names stay). */
  rename?(name: string): string | undefined;
}

/** `name`, or the first of `name-2`, `name-3`… (before its extension) that `taken` does not hold. */
export function freeName(name: string, taken: (name: string) => boolean): string {
  if (!taken(name)) return name;
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 2; ; n++) if (!taken(`${stem}-${n}${ext}`)) return `${stem}-${n}${ext}`;
}

export interface RewriteResult {
  /** The branch's new head (the old one when nothing changed; null for an empty history). */
  head: string | null;
  /** Commit ids, old → new, for every commit of the branch. */
  map: Map<string, string>;
  /** Commits whose files or message changed (their descendants change id only). */
  commits: number;
  /** Distinct file versions rewritten or dropped. */
  versions: number;
  messages: number;
  /** Ids of the file versions dropped or replaced (what an attachment kept elsewhere is compared with). */
  removed: Set<string>;
}

/** Folder entries that are files (regular or executable): the rest (links, submodules) are kept as they are. */
const isFileMode = (mode: string) => mode.startsWith('100');

/**
 * Every commit of the branch again, oldest first, with the plan applied: each distinct folder and
 * file is looked at once (by id, and by path where the plan drops paths), and what did not change
 * keeps its id. Author, dates and trailers stay; the commits an undo or a restore names are named
 * by their new ids. With `write` false nothing is written (a dry run counts what would change).
 */
export async function rewriteHistory(git: Git, plan: RewritePlan, opts: { write: boolean }): Promise<RewriteResult> {
  const listed = await git.run(['rev-list', '--reverse', '--topo-order', BRANCH, '--'], { okCodes: [128] });
  const commits = listed.code === 0 ? listed.stdout.toString('latin1').split('\n').filter(Boolean) : [];
  const store = (type: ObjectType, bytes: Buffer) => (opts.write ? writeObject(git.gitDir, type, bytes) : Promise.resolve(objectIdOf(type, bytes)));
  const reader = new ObjectReader(git);
  const blobs = new Map<string, string | undefined>();
  const trees = new Map<string, string | undefined>();
  const result: RewriteResult = { head: null, map: new Map(), commits: 0, versions: 0, messages: 0, removed: new Set() };
  const dropped = new Set<string>();

  async function blob(id: string): Promise<string> {
    if (!plan.scrub) return id;
    if (blobs.has(id)) return blobs.get(id) ?? id;
    const scrubbed = plan.scrub(await reader.read(id));
    const made = scrubbed ? await store('blob', scrubbed) : undefined;
    blobs.set(id, made);
    if (made) result.removed.add(id);
    return made ?? id;
  }

  /** The folder `id` at `prefix` without what goes; undefined when nothing is left of it. */
  async function tree(id: string, prefix: string): Promise<string | undefined> {
    const key = `${prefix}\0${id}`;
    if (trees.has(key)) return trees.get(key);
    const entries = parseTree(await reader.read(id));
    const out: Tree = new Map();
    const renamed: Array<[string, GitTreeEntry]> = [];
    let changed = false;
    for (const [name, entry] of entries) {
      const rel = prefix ? `${prefix}/${name}` : name;
      if (plan.drops(rel)) {
        changed = true;
        if (entry.mode !== TREE_MODE) dropped.add(entry.id);
        else await collect(entry.id);
        continue;
      }
      const made = entry.mode === TREE_MODE ? await tree(entry.id, rel) : isFileMode(entry.mode) ? await blob(entry.id) : entry.id;
      const newName = plan.rename?.(name);
      if (made !== entry.id || newName) changed = true;
      if (made && newName) renamed.push([newName, { mode: entry.mode, id: made }]);
      else if (made) out.set(name, { mode: entry.mode, id: made });
    }
    // After the names that stay: a renamed entry never takes the place of one of them.
    for (const [name, entry] of renamed)
      out.set(
        freeName(name, (n) => out.has(n)),
        entry,
      );
    const made = !changed ? id : out.size === 0 ? undefined : await store('tree', serializeTree(out));
    trees.set(key, made);
    return made;
  }

  /** Every file version below a folder that goes (counted, and named for the caller). */
  async function collect(id: string): Promise<void> {
    for (const entry of parseTree(await reader.read(id)).values()) {
      if (entry.mode === TREE_MODE) await collect(entry.id);
      else dropped.add(entry.id);
    }
  }

  try {
    for (const old of commits) {
      const c = parseCommit(await reader.read(old));
      // git keeps no empty folders, but a commit always has a tree: the empty one.
      const newTree = (await tree(c.tree, '')) ?? (await store('tree', Buffer.alloc(0)));
      const text = plan.scrubMessage(c.text);
      const parents = c.parents.map((p) => result.map.get(p) ?? p);
      const trailers = remapTrailers(c.trailers, result.map);
      if (newTree !== c.tree || text !== c.text) result.commits++;
      if (text !== c.text) result.messages++;
      const same = newTree === c.tree && text === c.text && trailers === c.trailers && parents.every((p, k) => p === c.parents[k]);
      const id = same ? old : await store('commit', serializeCommit({ ...c, tree: newTree, parents, text, trailers }));
      result.map.set(old, id);
      result.head = id;
    }
  } finally {
    reader.close();
  }
  for (const id of dropped) result.removed.add(id);
  result.versions = result.removed.size;
  return result;
}
