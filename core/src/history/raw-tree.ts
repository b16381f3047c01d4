import { TREE_MODE, type GitTreeEntry } from './tree-object.js';

/**
 * A tree object kept as git stores it, with where each entry starts and where its name ends:
 * a commit looks up and replaces a few entries of a folder of 30k notes by binary search and
 * one splice of bytes, instead of decoding, sorting and re-encoding all 30k.
 */
export interface RawTree {
  raw: Buffer;
  /** For entry i: starts[i] where it begins, nuls[i] the NUL after its name (its id follows). */
  starts: Uint32Array;
  nuls: Uint32Array;
}

const SLASH = Buffer.from('/');
const NUL = Buffer.from([0]);

export const EMPTY_RAW: RawTree = { raw: Buffer.alloc(0), starts: new Uint32Array(0), nuls: new Uint32Array(0) };

export function indexTree(raw: Buffer): RawTree {
  const starts: number[] = [];
  const nuls: number[] = [];
  for (let at = 0; at < raw.length;) {
    // The mode is 5 ("40000") or 6 octal digits, then a space: the name starts 6 or 7 bytes in.
    const nul = raw.indexOf(0, at + 6);
    if (nul < 0 || nul + 21 > raw.length) throw new Error('malformed tree object');
    starts.push(at);
    nuls.push(nul);
    at = nul + 21;
  }
  return { raw, starts: Uint32Array.from(starts), nuls: Uint32Array.from(nuls) };
}

const isTreeAt = (t: RawTree, i: number) => t.raw[t.starts[i] as number] === 0x34; // '4': only "40000" starts so
const nameStartAt = (t: RawTree, i: number) => (t.starts[i] as number) + (isTreeAt(t, i) ? 6 : 7);

/** git's order: names as bytes, a folder's as if it ended in '/'. */
const keyOf = (name: Buffer, tree: boolean) => (tree ? Buffer.concat([name, SLASH]) : name);
const keyAt = (t: RawTree, i: number) => keyOf(t.raw.subarray(nameStartAt(t, i), t.nuls[i]), isTreeAt(t, i));

/** The first entry whose key is not below `key`, and whether it is `key`. */
function search(t: RawTree, key: Buffer): { index: number; found: boolean } {
  let lo = 0;
  let hi = t.starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (Buffer.compare(keyAt(t, mid), key) < 0) lo = mid + 1;
    else hi = mid;
  }
  return { index: lo, found: lo < t.starts.length && Buffer.compare(keyAt(t, lo), key) === 0 };
}

/** Where the entry named `name` is (as a file or as a folder), or -1. */
function indexOfName(t: RawTree, name: Buffer): number {
  for (const tree of [false, true]) {
    const { index, found } = search(t, keyOf(name, tree));
    if (found) return index;
  }
  return -1;
}

function entryAt(t: RawTree, i: number): GitTreeEntry {
  const nul = t.nuls[i] as number;
  return { mode: isTreeAt(t, i) ? TREE_MODE : t.raw.toString('latin1', t.starts[i], nameStartAt(t, i) - 1), id: t.raw.toString('hex', nul + 1, nul + 21) };
}

export function findEntry(t: RawTree, name: string): GitTreeEntry | undefined {
  const i = indexOfName(t, Buffer.from(name, 'utf8'));
  return i < 0 ? undefined : entryAt(t, i);
}

/** The tree with these entries set (null: removed), everything else byte for byte as it was. */
export function spliceTree(t: RawTree, changes: ReadonlyMap<string, GitTreeEntry | null>): Buffer {
  const removed = new Set<number>();
  const inserts: Array<{ at: number; key: Buffer; bytes: Buffer }> = [];
  for (const [name, entry] of changes) {
    const bytes = Buffer.from(name, 'utf8');
    const old = indexOfName(t, bytes);
    if (old >= 0) removed.add(old);
    if (!entry) continue;
    const key = keyOf(bytes, entry.mode === TREE_MODE);
    inserts.push({ at: search(t, key).index, key, bytes: Buffer.concat([Buffer.from(`${entry.mode} `, 'latin1'), bytes, NUL, Buffer.from(entry.id, 'hex')]) });
  }
  inserts.sort((a, b) => a.at - b.at || Buffer.compare(a.key, b.key));
  const offset = (i: number) => (i < t.starts.length ? (t.starts[i] as number) : t.raw.length);
  const parts: Buffer[] = [];
  let from = 0; // first entry not copied yet
  const copyUpTo = (i: number) => {
    if (i > from) parts.push(t.raw.subarray(offset(from), offset(i)));
    from = i;
  };
  let k = 0;
  for (let i = 0; i <= t.starts.length; i++) {
    for (; k < inserts.length && inserts[k]?.at === i; k++) {
      copyUpTo(i);
      parts.push((inserts[k] as { bytes: Buffer }).bytes);
    }
    if (removed.has(i)) {
      copyUpTo(i);
      from = i + 1;
    }
  }
  copyUpTo(t.starts.length);
  return Buffer.concat(parts);
}
