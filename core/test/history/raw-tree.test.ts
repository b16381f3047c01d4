import { describe, expect, it } from 'vitest';
import { findEntry, indexTree, spliceTree } from '../../src/history/raw-tree.js';
import { FILE_MODE, parseTree, serializeTree, TREE_MODE, type Tree, type GitTreeEntry } from '../../src/history/tree-object.js';

/** A small deterministic generator: the same cases on every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Names that sort differently by bytes and by UTF-16, and names one of which prefixes another
// (a folder "a" sorts as "a/": after "a-b" and "a.md", before "a0").
const NAMES = ['a', 'a.md', 'a-b', 'a0', 'ab', 'b', 'x🌱.md', 'x\uff01.md', 'заметка.md', '知识.md', '-dash.md', 'with space.md', 'Z', 'é.md', 'e\u0301.md'];

const entry = (r: () => number): GitTreeEntry => ({ mode: r() < 0.3 ? TREE_MODE : FILE_MODE, id: Array.from({ length: 40 }, () => '0123456789abcdef'[Math.floor(r() * 16)]).join('') });

describe('a tree changed in place, as git stores it', () => {
  it('splices entries exactly where sorting and rewriting the whole tree puts them', () => {
    const r = rng(7);
    for (let round = 0; round < 300; round++) {
      const tree: Tree = new Map();
      for (const name of NAMES) if (r() < 0.5) tree.set(name, entry(r));
      const changes = new Map<string, GitTreeEntry | null>();
      for (const name of NAMES) if (r() < 0.25) changes.set(name, r() < 0.3 ? null : entry(r));
      const expected = new Map(tree);
      for (const [name, e] of changes) {
        if (e) expected.set(name, e);
        else expected.delete(name);
      }
      const spliced = spliceTree(indexTree(serializeTree(tree)), changes);
      expect(spliced.equals(serializeTree(expected))).toBe(true);
      expect(parseTree(spliced)).toEqual(expected);
    }
  });

  it('finds an entry by name, file or folder, and nothing for a name it lacks', () => {
    const tree: Tree = new Map([
      ['a', { mode: TREE_MODE, id: 'a'.repeat(40) }],
      ['a.md', { mode: FILE_MODE, id: 'b'.repeat(40) }],
      ['x🌱.md', { mode: FILE_MODE, id: 'c'.repeat(40) }],
    ]);
    const raw = indexTree(serializeTree(tree));
    expect(findEntry(raw, 'a')).toEqual(tree.get('a'));
    expect(findEntry(raw, 'a.md')).toEqual(tree.get('a.md'));
    expect(findEntry(raw, 'x🌱.md')).toEqual(tree.get('x🌱.md'));
    expect(findEntry(raw, 'b')).toBeUndefined();
  });
});
