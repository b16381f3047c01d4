import { describe, expect, it } from 'vitest';
import type { FolderListing, TreeEntry } from '@knower/api';
import { ancestorsOf, applyFileEvents, applyListing, emptyTree, entryIn, forgetFolder, holdBack, rootOf, visibleRows, type TreeModel } from '../src/lib/vault-tree';

const note = (path: string, tokens?: number): TreeEntry => ({ path, kind: 'note', size: 10, ...(tokens === undefined ? {} : { tokens }) });
const folder = (path: string, files = 1) => ({ name: path.split('/').at(-1)!, path, files, tokens: files * 10 });
const listing = (path: string, folders: ReturnType<typeof folder>[], files: TreeEntry[]): FolderListing => ({ path, total: { files: files.length, tokens: 0 }, folders, files });

const withListings = (...listings: FolderListing[]): TreeModel => listings.reduce((model, listing) => applyListing(model, listing), emptyTree);

const loaded = withListings(
  listing('', [folder('projects', 5), folder('bucket')], [note('overview.md', 120), note('changelog.md', 300)]),
  listing('projects', [folder('projects/berlin', 2), folder('projects/alpha')], [note('projects/item 10.md'), note('projects/item 9.md')]),
  listing('projects/berlin', [], [note('projects/berlin/tasks.md'), note('projects/berlin/state.md')]),
);

const rows = (model: TreeModel, expanded: string[]) => visibleRows(model, new Set(expanded)).map((r) => `${r.depth}:${r.node.path}${r.loading ? ' …' : ''}`);

describe('visibleRows', () => {
  it('lists only the children of open folders, folders first, in natural order', () => {
    expect(rows(loaded, ['projects', 'projects/berlin'])).toEqual([
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

  it('marks an open folder not listed yet on its own row, with no placeholder row, and nothing below a closed one', () => {
    expect(rows(loaded, ['bucket'])).toEqual(['0:bucket …', '0:projects', '0:changelog.md', '0:overview.md']);
    expect(rows(loaded, ['projects/berlin'])).not.toContain('1:projects/berlin/state.md');
  });

  it('is empty before the root arrives', () => {
    expect(visibleRows(emptyTree, new Set())).toEqual([]);
    expect(rootOf(emptyTree)).toBeUndefined();
  });

  it('shows a folder listed before its parent once the parent lists it', () => {
    const early = withListings(listing('projects/berlin', [], [note('projects/berlin/state.md')]));
    expect(rows(early, ['projects', 'projects/berlin'])).toEqual([]);
    const later = applyListing(applyListing(early, listing('', [folder('projects')], [])), listing('projects', [folder('projects/berlin')], []));
    expect(rows(later, ['projects', 'projects/berlin'])).toEqual(['0:projects', '1:projects/berlin', '2:projects/berlin/state.md']);
  });

  it('flattens a 10,000-file folder', () => {
    const big = withListings(
      listing('', [folder('notes', 10_000)], []),
      listing(
        'notes',
        [],
        Array.from({ length: 10_000 }, (_, i) => note(`notes/n${i}.md`, 3)),
      ),
    );
    expect(visibleRows(big, new Set())).toHaveLength(1);
    expect(visibleRows(big, new Set(['notes']))).toHaveLength(10_001);
  });
});

describe('applyListing', () => {
  it('replaces what was known of a folder: new children in, missing ones (and all below them) out', () => {
    const next = applyListing(loaded, listing('projects', [folder('projects/alpha')], [note('projects/item 9.md'), note('projects/budget.md')]));
    expect(rows(next, ['projects', 'projects/berlin'])).toEqual(['0:bucket', '0:projects', '1:projects/alpha', '1:projects/budget.md', '1:projects/item 9.md', '0:changelog.md', '0:overview.md']);
    expect(next.nodes.has('projects/berlin/state.md')).toBe(false);
  });

  it("keeps an open folder's children when its parent is listed again, and updates its figures", () => {
    const next = applyListing(loaded, listing('projects', [folder('projects/berlin', 7), folder('projects/alpha')], []));
    const berlin = next.nodes.get('projects/berlin');
    expect(berlin).toMatchObject({ kind: 'folder', fileCount: 7, children: ['projects/berlin/state.md', 'projects/berlin/tasks.md'] });
  });

  it('turns a file into a folder (and back) when the listing says so, never showing both', () => {
    const asFolder = applyListing(loaded, listing('', [folder('projects'), folder('bucket'), folder('overview.md')], [note('changelog.md')]));
    expect(rows(asFolder, [])).toEqual(['0:bucket', '0:overview.md', '0:projects', '0:changelog.md']);
    expect(asFolder.nodes.get('overview.md')?.kind).toBe('folder');
  });

  it('carries the root totals for the header', () => {
    const root = rootOf(withListings({ path: '', total: { files: 4, tokens: 146 }, folders: [], files: [] }));
    expect(root).toMatchObject({ fileCount: 4, tokens: 146 });
  });
});

describe('applyFileEvents', () => {
  it('removes a file at once, and a listing fetched before the index caught up cannot bring it back', () => {
    const gone = applyFileEvents(loaded, [{ path: 'projects/berlin/state.md', type: 'unlink' }]);
    expect(rows(gone, ['projects', 'projects/berlin'])).not.toContain('2:projects/berlin/state.md');
    const stale = applyListing(gone, listing('projects/berlin', [], [note('projects/berlin/tasks.md'), note('projects/berlin/state.md')]));
    expect(rows(stale, ['projects', 'projects/berlin'])).not.toContain('2:projects/berlin/state.md');
    // The index caught up: the hold is released, and a file of that name made later shows.
    const caughtUp = applyListing(stale, listing('projects/berlin', [], [note('projects/berlin/tasks.md')]));
    expect(caughtUp.removed.size).toBe(0);
    const again = applyListing(caughtUp, listing('projects/berlin', [], [note('projects/berlin/state.md'), note('projects/berlin/tasks.md')]));
    expect(rows(again, ['projects', 'projects/berlin'])).toContain('2:projects/berlin/state.md');
  });

  it('removes a folder and everything below it from one event', () => {
    const gone = applyFileEvents(loaded, [{ path: 'projects/berlin', type: 'unlink' }]);
    expect([...gone.nodes.keys()].filter((p) => p.startsWith('projects/berlin'))).toEqual([]);
    expect(rows(applyListing(gone, listing('projects/berlin', [], [note('projects/berlin/state.md')])), ['projects', 'projects/berlin'])).not.toContain('1:projects/berlin');
  });

  it('adds nothing by itself: a new path is a file or a folder only once listed', () => {
    expect(applyFileEvents(loaded, [{ path: 'projects/beta', type: 'add' }])).toBe(loaded);
    expect(applyFileEvents(loaded, [{ path: 'overview.md', type: 'change' }])).toBe(loaded);
  });

  it('keeps a path saved by rename (removed and added in one batch), and lets it back after a removal', () => {
    const saved = applyFileEvents(loaded, [
      { path: 'overview.md', type: 'unlink' },
      { path: 'overview.md', type: 'add' },
    ]);
    expect(saved).toBe(loaded);
    const removed = applyFileEvents(loaded, [{ path: 'projects/berlin', type: 'unlink' }]);
    const back = applyFileEvents(removed, [{ path: 'projects/berlin/state.md', type: 'add' }]);
    expect(back.removed.size).toBe(0);
  });

  it('lets back what was removed inside a folder moved in, but not into a listing asked for before', () => {
    const events = [
      { path: 'projects/berlin/state.md', type: 'unlink' },
      { path: 'projects/berlin', type: 'unlink' },
      { path: 'projects/berlin', type: 'add' },
    ] as const;
    const heldBack = new Set(loaded.removed);
    holdBack(heldBack, events);
    expect([...heldBack]).toEqual(['projects/berlin/state.md']);
    const movedIn = applyFileEvents(loaded, events);
    expect(movedIn.removed.size).toBe(0);
    const answer = listing('projects/berlin', [], [note('projects/berlin/state.md')]);
    expect(rows(applyListing(movedIn, answer, heldBack), ['projects', 'projects/berlin'])).not.toContain('2:projects/berlin/state.md');
    expect(rows(applyListing(movedIn, answer), ['projects', 'projects/berlin'])).toContain('2:projects/berlin/state.md');
  });
});

describe('helpers', () => {
  it('forgets a folder the server no longer has', () => {
    const next = forgetFolder(loaded, 'projects/berlin');
    expect(rows(next, ['projects'])).toEqual(['0:bucket', '0:projects', '1:projects/alpha', '1:projects/item 9.md', '1:projects/item 10.md', '0:changelog.md', '0:overview.md']);
  });

  it('finds the entry of a listed file', () => {
    expect(entryIn(loaded, 'overview.md')?.tokens).toBe(120);
    expect(entryIn(loaded, 'projects/unknown.md')).toBeUndefined();
  });

  it('lists the ancestors of a path, outermost first', () => {
    expect(ancestorsOf('a/b/c.md')).toEqual(['a', 'a/b']);
    expect(ancestorsOf('c.md')).toEqual([]);
  });
});
