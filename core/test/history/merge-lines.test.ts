import { describe, expect, it } from 'vitest';
import { diffText, withoutJobLines } from '../../src/history/file-diff.js';
import { mergeLines } from '../../src/history/merge-lines.js';
import { kindsOf } from '../../src/history/run-changes.js';

describe('mergeLines (base = what the undone change left, ours = now, theirs = before it)', () => {
  it('reverts the change and keeps a later edit to the line just above it', () => {
    const theirs = '# State\n- dug\n';
    const base = '# State\n- dug\n- tomatoes\n';
    const ours = '# State\n- dug and mulched\n- tomatoes\n- peppers\n';
    expect(mergeLines(base, ours, theirs)).toEqual({ text: '# State\n- dug and mulched\n- peppers\n', conflicts: [] });
  });

  it('removes a changelog entry with newer entries added right above it', () => {
    const theirs = '# Changelog\n\nNewest first.\n';
    const base = '# Changelog\n\nNewest first.\n\n## u1\n- a\n';
    const ours = '# Changelog\n\nNewest first.\n\n## u3\n- c\n\n## u2\n- b\n\n## u1\n- a\n';
    expect(mergeLines(base, ours, theirs)).toEqual({ text: '# Changelog\n\nNewest first.\n\n## u3\n- c\n\n## u2\n- b\n', conflicts: [] });
  });

  it('leaves lines edited since the change as they are and reports them', () => {
    const theirs = 'a\nb\n';
    const base = 'a\nb\nadded\n';
    const ours = 'a\nb\nadded, then edited\n';
    expect(mergeLines(base, ours, theirs)).toEqual({ text: ours, conflicts: [{ base: 'added\n', current: 'added, then edited\n', wanted: '' }] });
  });

  it('applies the clean part of a change and reports only the rest', () => {
    const theirs = 'one\ntwo\nthree\nfour\nfive\n';
    const base = 'ONE\ntwo\nthree\nfour\nFIVE\n';
    const ours = 'ONE\ntwo\nthree\nfour\nFIVE!\n';
    const merged = mergeLines(base, ours, theirs);
    expect(merged.text).toBe('one\ntwo\nthree\nfour\nFIVE!\n');
    expect(merged.conflicts).toEqual([{ base: 'FIVE\n', current: 'FIVE!\n', wanted: 'five\n' }]);
  });

  it('finds nothing to do when ours already holds theirs', () => {
    expect(mergeLines('a\nX\n', 'a\n', 'a\n')).toEqual({ text: 'a\n', conflicts: [] });
  });
});

describe('kindsOf', () => {
  it('calls a delete and a create of the same bytes a move, and the rest by what happened', () => {
    expect(
      kindsOf([
        { path: 'a.md', before: 'x', after: null },
        { path: 'b/a.md', before: null, after: 'x' },
        { path: 'c.md', before: null, after: 'y' },
        { path: 'd.md', before: 'z', after: null },
        { path: 'e.md', before: 'p', after: 'q' },
        { path: 'f.md', before: 'same', after: 'same' },
      ]),
    ).toEqual([
      { path: 'b/a.md', kind: 'moved', from: 'a.md' },
      { path: 'c.md', kind: 'created' },
      { path: 'd.md', kind: 'deleted' },
      { path: 'e.md', kind: 'edited' },
    ]);
  });
});

describe('diffText', () => {
  it('leaves the fields the background job keeps out of the hunks, and gives word-level pieces', () => {
    const before = Buffer.from('---\ntitle: Plan\ntokens: 3\nupdated: 2025-01-01T00:00:00Z\n---\n# Plan\n\nPlant beans in May.\n');
    const after = Buffer.from('---\ntitle: Plan\ntokens: 4\nupdated: 2025-02-01T00:00:00Z\n---\n# Plan\n\nPlant beans in June.\n');
    const diff = diffText(before, after, { words: true });
    expect(diff.hunks).toHaveLength(1);
    expect(diff.hunks[0]?.lines.filter((l) => /^[+-]/.test(l))).toEqual(['-Plant beans in May.', '+Plant beans in June.']);
    expect(diff.hunks[0]?.words?.filter((w) => w.op !== '=')).toEqual([
      { op: '-', text: 'May' },
      { op: '+', text: 'June' },
    ]);
  });

  it('marks binary files instead of diffing them', () => {
    expect(diffText(Buffer.from([0x89, 0x50, 0x00, 0x01]), null)).toEqual({ binary: true, hunks: [] });
  });

  it('keeps the frontmatter a person wrote', () => {
    expect(withoutJobLines('---\ntitle: A\ncreated: x\n---\nbody\n')).toBe('---\ntitle: A\n---\nbody\n');
    expect(withoutJobLines('---\ntokens: 1\n---\nbody\n')).toBe('body\n');
  });
});
