import { describe, expect, it } from 'vitest';
import { checkTarget, firstEvidenceRank, scoreRecall, type Answered } from '../../../bench/recall/recall-score.js';
import type { Kind } from '../../../bench/recall/types.js';

const answered = (kind: Kind, evidence: string[], ranked: string[]): Answered => ({ question: { kind, text: 'q', evidence }, ranked });
const ranking = (at: number, hit: string) => Array.from({ length: 10 }, (_, i) => (i + 1 === at ? hit : `other-${i}.md`));

describe('the recall scorer', () => {
  it('ranks a question by its first evidence note in the ranking', () => {
    expect(firstEvidenceRank(answered('name', ['git.md', 'howto/git.md'], ['x.md', 'howto/git.md', 'git.md']))).toBe(2);
    expect(firstEvidenceRank(answered('name', ['git.md'], ['x.md']))).toBeUndefined();
  });

  it('counts a question found at k when an evidence note is in the top k, by kind and overall', () => {
    const table = scoreRecall([
      answered('temporal', ['a.md'], ranking(1, 'a.md')),
      answered('temporal', ['b.md'], ranking(4, 'b.md')),
      answered('temporal', ['c.md'], ranking(9, 'c.md')),
      answered('temporal', ['d.md'], ['x.md']),
      answered('how-to', ['e.md', 'f.md'], ranking(6, 'f.md')),
    ]);
    expect(table.kinds.temporal).toEqual({ n: 4, at: { 1: 0.25, 5: 0.5, 10: 0.75 } });
    expect(table.kinds['how-to']).toEqual({ n: 1, at: { 1: 0, 5: 0, 10: 1 } });
    expect(table.overall).toEqual({ n: 5, at: { 1: 0.2, 5: 0.4, 10: 0.8 } });
    expect(table.kinds.name).toBeUndefined();
  });

  it('holds the target only with 5 points more overall and no kind below the baseline', () => {
    const table = (overall: number, kinds: Partial<Record<Kind, number>>) => ({
      overall: { n: 100, at: { 1: 0, 5: 0, 10: overall } },
      kinds: Object.fromEntries(Object.entries(kinds).map(([k, v]) => [k, { n: 50, at: { 1: 0, 5: 0, 10: v } }])),
    });
    const baseline = table(0.6, { name: 0.5, temporal: 0.7 });
    expect(checkTarget(table(0.66, { name: 0.6, temporal: 0.72 }), baseline)).toMatchObject({ holds: true, kindsBelow: [] });
    expect(checkTarget(table(0.62, { name: 0.6, temporal: 0.72 }), baseline)).toMatchObject({ holds: false, kindsBelow: [] });
    const below = checkTarget(table(0.7, { name: 0.9, temporal: 0.5 }), baseline);
    expect(below.holds).toBe(false);
    expect(below.kindsBelow).toEqual(['temporal']);
    expect(below.overallMargin).toBeCloseTo(10, 10);
  });
});
