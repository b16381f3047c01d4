/**
 * git's tree object, read and written here rather than through `git write-tree`: a commit then
 * rewrites only the folders on the changed paths, whatever the size of the rest of the vault.
 * Format: for each entry, `<octal mode> <name>\0<20-byte id>`, sorted by name as bytes, a folder
 * compared as if its name ended in '/'. Names are raw bytes: no quoting, whatever they hold.
 */

export const FILE_MODE = '100644';
export const TREE_MODE = '40000';
/** The tree with no entries: an empty vault's root. */
export const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

export interface GitTreeEntry {
  /** Octal, as git writes it: '100644' for files, '40000' for folders (others are kept as found). */
  mode: string;
  id: string;
}

/** One folder: its entries by name. */
export type Tree = Map<string, GitTreeEntry>;

/** A folder's entry (a plain boolean, not a type guard: "not a folder" still may be a file). */
export const isTree = (entry: GitTreeEntry | undefined): boolean => entry?.mode === TREE_MODE;
/** The tree id of a folder's entry; undefined for a file or nothing. */
export const treeIdOf = (entry: GitTreeEntry | undefined): string | undefined => (entry?.mode === TREE_MODE ? entry.id : undefined);

// Modes seen in Knower's trees are these two: shared strings, not one copy per entry.
const MODES = new Map([FILE_MODE, TREE_MODE].map((m) => [m, m]));

export function parseTree(raw: Buffer): Tree {
  const tree: Tree = new Map();
  let at = 0;
  while (at < raw.length) {
    const space = raw.indexOf(0x20, at);
    const nul = raw.indexOf(0, space);
    if (space < 0 || nul < 0 || nul + 21 > raw.length) throw new Error('malformed tree object');
    const mode = raw.toString('latin1', at, space);
    tree.set(raw.toString('utf8', space + 1, nul), { mode: MODES.get(mode) ?? mode, id: raw.toString('hex', nul + 1, nul + 21) });
    at = nul + 21;
  }
  return tree;
}

export function serializeTree(tree: Tree): Buffer {
  // Sort keys are the names' UTF-8 bytes read as Latin-1: comparing them as strings compares the
  // bytes (JS string order would differ from git's for characters beyond the Basic Multilingual Plane).
  const items = [...tree].map(([name, entry]) => ({ name, entry, key: `${Buffer.from(name, 'utf8').toString('latin1')}${entry.mode === TREE_MODE ? '/' : ''}` }));
  items.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  // One buffer for the whole object: a folder of 30k notes is 30k entries, not 120k small buffers.
  let size = 0;
  for (const { name, entry } of items) size += entry.mode.length + 1 + Buffer.byteLength(name, 'utf8') + 1 + 20;
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (const { name, entry } of items) {
    at += out.write(`${entry.mode} `, at, 'latin1');
    at += out.write(name, at, 'utf8');
    out[at++] = 0;
    at += out.write(entry.id, at, 'hex');
  }
  return out;
}
