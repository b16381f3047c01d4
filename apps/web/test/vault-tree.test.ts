import { describe, expect, it } from 'vitest';
import type { FolderListing, TreeEntry } from '@knower/api';
import { ancestorsOf, applyFileEvents, entryIn, flattenVisible, sortListing, type Folders } from '../src/lib/vault-tree';

const note = (path: string, tokens?: number): TreeEntry => ({ path, kind: 'note', size: 10, ...(tokens === undefined ? {} : { tokens }) });
const folder = (path: string, files = 1) => ({ name: path.split('/').at(-1)!, path, files, tokens: files * 10 });
const listing = (path: string, folders: ReturnType<typeof folder>[], files: TreeEntry[]): FolderListing =>
  sortListing({ path, total: { files: files.length, tokens: 0 }, folders, files });

const loaded: Folders = new Map([
  ['', listing('', [folder('projects', 5), folder('bucket')], [note('overview.md', 120), note('changelog.md', 300)])],
  ['projects', listing('projects', [folder('projects/berlin', 2), folder('projects/alpha')], [note('projects/item 10.md'), note('projects/item 9.md')])],
  ['projects/berlin', listing('projects/berlin', [], [note('projects/berlin/tasks.md'), note('projects/berlin/state.md')])],
]);

const paths = (folders: Folders, expanded: string[]) => flattenVisible(folders, new Set(expanded)).map((r) => `${r.depth}:${r.node.kind === 'loading' ? 'loading' : r.node.path}`);

describe('flattenVisible', () => {
  it('lists only the children of expanded folders, folders first, natural order', () => {
    expect(paths(loaded, ['projects', 'projects/berlin'])).toEqual([
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

  it('shows a loading row for an expanded folder not fetched yet, and nothing below a collapsed one', () => {
    expect(paths(loaded, ['bucket'])).toEqual(['0:bucket', '1:loading', '0:projects', '0:changelog.md', '0:overview.md']);
    expect(paths(loaded, ['projects/berlin'])).not.toContain('1:projects/berlin/state.md');
  });

  it('is empty before the root arrives', () => {
    expect(flattenVisible(new Map(), new Set())).toEqual([]);
  });

  it('flattens a 10,000-file folder', () => {
    const big: Folders = new Map([
      ['', listing('', [folder('notes', 10_000)], [])],
      ['notes', listing('notes', [], Array.from({ length: 10_000 }, (_, i) => note(`notes/n${i}.md`, 3)))],
    ]);
    expect(flattenVisible(big, new Set())).toHaveLength(1);
    expect(flattenVisible(big, new Set(['notes']))).toHaveLength(10_001);
  });
});

describe('applyFileEvents', () => {
  it('adds a file to its loaded folder, in order, with placeholder figures', () => {
    const next = applyFileEvents(loaded, [{ path: 'projects/berlin/budget.md', type: 'add' }]);
    expect(next.get('projects/berlin')!.files.map((f) => f.path)).toEqual(['projects/berlin/budget.md', 'projects/berlin/state.md', 'projects/berlin/tasks.md']);
    expect(next.get('')).toBe(loaded.get(''));
  });

  it('shows new folders in the loaded ancestors', () => {
    const next = applyFileEvents(loaded, [{ path: 'projects/garden/beds/bed 4.md', type: 'add' }]);
    expect(next.get('projects')!.folders.map((f) => f.path)).toEqual(['projects/alpha', 'projects/berlin', 'projects/garden']);
    expect(paths(next, ['projects'])).toContain('1:projects/garden');
  });

  it('removes unlinked files and ignores events for folders not loaded', () => {
    const next = applyFileEvents(loaded, [
      { path: 'overview.md', type: 'unlink' },
      { path: 'bucket/x.png', type: 'unlink' },
    ]);
    expect(next.get('')!.files.map((f) => f.path)).toEqual(['changelog.md']);
    expect(applyFileEvents(loaded, [{ path: 'overview.md', type: 'change' }])).toBe(loaded);
  });

  it('finds a file\'s listing entry through its folder', () => {
    expect(entryIn(loaded, 'overview.md')?.tokens).toBe(120);
    expect(entryIn(loaded, 'bucket/x.png')).toBeUndefined();
  });
});

describe('ancestorsOf', () => {
  it('lists enclosing folders outermost first', () => {
    expect(ancestorsOf('a/b/c.md')).toEqual(['a', 'a/b']);
    expect(ancestorsOf('top.md')).toEqual([]);
  });
});
