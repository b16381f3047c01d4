import { describe, expect, it } from 'vitest';
import type { TreeEntry } from '../src/lib/api-schemas';
import { applyFileEvents } from '../src/lib/file-events';

const listing: TreeEntry[] = [
  { path: 'a.md', kind: 'note', size: 10, tokens: 3 },
  { path: 'b.md', kind: 'note', size: 20, tokens: 5 },
];

describe('applyFileEvents', () => {
  it('adds new files with their kind guessed from the extension', () => {
    const next = applyFileEvents(listing, [
      { path: 'bucket/new.md', type: 'add' },
      { path: 'bucket/shot.png', type: 'add' },
    ]);
    expect(next.map((e) => [e.path, e.kind])).toEqual([
      ['a.md', 'note'],
      ['b.md', 'note'],
      ['bucket/new.md', 'note'],
      ['bucket/shot.png', 'file'],
    ]);
  });

  it('removes unlinked files and keeps known entries untouched', () => {
    const next = applyFileEvents(listing, [
      { path: 'a.md', type: 'unlink' },
      { path: 'b.md', type: 'add' },
    ]);
    expect(next).toEqual([listing[1]]);
  });

  it('returns the same array when nothing changes, so memoized trees are kept', () => {
    expect(applyFileEvents(listing, [{ path: 'a.md', type: 'change' }])).toBe(listing);
    expect(applyFileEvents(listing, [{ path: 'missing.md', type: 'unlink' }])).toBe(listing);
  });

  it('applies a burst in order: add then unlink leaves nothing', () => {
    const next = applyFileEvents(listing, [
      { path: 'tmp.md', type: 'add' },
      { path: 'tmp.md', type: 'unlink' },
    ]);
    expect(next.map((e) => e.path)).toEqual(['a.md', 'b.md']);
  });
});
