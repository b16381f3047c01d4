import { describe, expect, it } from 'vitest';
import type { TreeEntry } from '../src/lib/api-schemas';
import { ancestorsOf, buildTree, filterRows, flattenVisible, type FolderNode } from '../src/lib/vault-tree';

const note = (path: string, tokens?: number): TreeEntry => ({ path, kind: 'note', size: 10, ...(tokens === undefined ? {} : { tokens }) });

const vault = [
  note('overview.md', 120),
  note('projects/berlin/state.md', 40),
  note('projects/berlin/tasks.md', 10),
  note('projects/alpha/description.md', 5),
  { path: 'bucket/photo.png', kind: 'file', size: 2048 } as TreeEntry,
  note('changelog.md', 300),
  note('projects/item 10.md'),
  note('projects/item 9.md'),
];

const names = (folder: FolderNode) => folder.children.map((c) => c.name);

describe('buildTree', () => {
  it('derives folders from paths, folders first, natural order', () => {
    const root = buildTree(vault);
    expect(names(root)).toEqual(['bucket', 'projects', 'changelog.md', 'overview.md']);
    const projects = root.children[1] as FolderNode;
    expect(projects.path).toBe('projects');
    expect(names(projects)).toEqual(['alpha', 'berlin', 'item 9.md', 'item 10.md']);
  });

  it('sums tokens and file counts into every folder', () => {
    const root = buildTree(vault);
    const projects = root.children[1] as FolderNode;
    expect(projects.fileCount).toBe(5);
    expect(projects.tokens).toBe(55);
    expect(root.fileCount).toBe(8);
    expect(root.tokens).toBe(475);
  });

  it('handles an empty listing', () => {
    expect(buildTree([]).children).toEqual([]);
  });
});

describe('flattenVisible', () => {
  it('lists only the children of expanded folders, with their depth', () => {
    const root = buildTree(vault);
    const rows = flattenVisible(root, new Set(['projects', 'projects/berlin']));
    expect(rows.map((r) => `${r.depth}:${r.node.path}`)).toEqual([
      '0:bucket',
      '0:projects',
      '1:projects/alpha',
      '1:projects/berlin',
      '2:projects/berlin/state.md',
      '2:projects/berlin/tasks.md',
      '1:projects/item 9.md',
      '1:projects/item 10.md',
      '0:changelog.md',
      '0:overview.md',
    ]);
  });

  it('hides the content of an expanded folder whose parent is collapsed', () => {
    const rows = flattenVisible(buildTree(vault), new Set(['projects/berlin']));
    expect(rows.map((r) => r.node.path)).not.toContain('projects/berlin/state.md');
  });

  it('stays linear on a 10,000-file vault', () => {
    const big = Array.from({ length: 10_000 }, (_, i) => note(`projects/p${i % 50}/notes/n${i}.md`, 3));
    const root = buildTree(big);
    expect(root.fileCount).toBe(10_000);
    expect(flattenVisible(root, new Set())).toHaveLength(1);
    const all = new Set(big.flatMap((e) => ancestorsOf(e.path)));
    expect(flattenVisible(root, all)).toHaveLength(1 + 50 * 2 + 10_000);
  });
});

describe('filterRows', () => {
  it('matches every word anywhere in the path, case-insensitively', () => {
    const rows = filterRows(buildTree(vault), 'BERLIN sta');
    expect(rows.map((r) => r.node.path)).toEqual(['projects/berlin/state.md']);
  });

  it('caps the number of rows', () => {
    expect(filterRows(buildTree(vault), 'md', 2)).toHaveLength(2);
  });
});

describe('ancestorsOf', () => {
  it('lists enclosing folders outermost first', () => {
    expect(ancestorsOf('a/b/c.md')).toEqual(['a', 'a/b']);
    expect(ancestorsOf('top.md')).toEqual([]);
  });
});
