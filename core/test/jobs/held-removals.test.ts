import { describe, expect, it } from 'vitest';
import { HeldRemovals } from '../../src/jobs/held-removals.js';
import type { FileFacts, SyncResult } from '../../src/search/index.js';

const note = (path: string): FileFacts => ({ path, kind: 'note', size: 10, mtimeMs: 1, birthtimeMs: 1 });
const result = (removed: string[], upserts: string[] = []): SyncResult => ({ removed, upserts: upserts.map(note) });

describe('what a first look found gone is held until the look once the path is quiet', () => {
  it('holds a file found gone on its first look, and lets it go on the later look when it is not back', () => {
    const held = new HeldRemovals();
    const first = held.hold(result(['draft.md', 'other.md']), ['draft.md']);
    expect(first.held).toEqual(['draft.md']);
    expect(first.result.removed).toEqual(['other.md']);

    expect(held.release(result([]), ['draft.md'], []).removed).toEqual(['draft.md']);
    // Let go once: a later look has nothing held.
    expect(held.release(result([]), ['draft.md'], []).removed).toEqual([]);
  });

  it('keeps a file that came back (an editor saving through a rename) and never reports it gone twice', () => {
    const held = new HeldRemovals();
    held.hold(result(['plan.md']), ['plan.md']);
    expect(held.release(result([], ['plan.md']), ['plan.md'], []).removed).toEqual([]);

    held.hold(result(['plan.md']), ['plan.md']);
    expect(held.release(result(['plan.md']), ['plan.md'], []).removed).toEqual(['plan.md']);
  });

  it("holds what a folder's first look found gone under it, and not what a later look of the folder finds", () => {
    const held = new HeldRemovals();
    const first = held.hold(result(['trip/a.md', 'trip/b.md', 'tripod.md']), ['trip']);
    expect(first.held).toEqual(['trip']);
    expect(first.result.removed).toEqual(['tripod.md']);
    // A path looked at for the first time again keeps what it holds: the wait starts over.
    expect(held.release(result([]), ['trip'], ['trip']).removed).toEqual([]);
    expect(held.release(result([], ['trip/b.md']), ['trip'], []).removed).toEqual(['trip/a.md']);
  });

  it('holds nothing from a look that was not a first look', () => {
    const held = new HeldRemovals();
    const looked = held.hold(result(['gone.md']), []);
    expect(looked).toEqual({ result: result(['gone.md']), held: [] });
    expect(held.release(result([]), ['gone.md'], []).removed).toEqual([]);
  });
});
