import { describe, expect, it } from 'vitest';
import { searchHits } from '../../src/cli/format/answers.js';

// `knower search` prints where in each note the hit is: the passage's heading path and lines.
describe('knower search output: the passage of each hit', () => {
  it('prints the heading path and lines under the hit, a PDF with its page and no passage', () => {
    const printed = searchHits({
      mode: 'fast',
      results: [
        { path: 'notes/garden.md', title: 'Garden', score: 1, snippet: 'The climbing roses need pruning', passage: { headings: ['Garden', 'Roses'], from: 16, to: 19 } },
        { path: 'notes/chat.md', title: 'Chat', score: 0.8, snippet: 'Asked: where are the keys', passage: { headings: [], from: 5, to: 6 } },
        { path: 'papers/manual.pdf', title: 'Field manual', score: 0.4, snippet: 'A quokka was seen', page: 37 },
      ],
    });
    expect(printed.out).toEqual([
      'notes/garden.md — Garden',
      '  § Garden > Roses · lines 16-19',
      '  The climbing roses need pruning',
      'notes/chat.md — Chat',
      '  § lines 5-6',
      '  Asked: where are the keys',
      'papers/manual.pdf p. 37 — Field manual',
      '  A quokka was seen',
    ]);
  });

  it('keeps a heading that holds line breaks on one line', () => {
    const printed = searchHits({ results: [{ path: 'a.md', title: 'A', snippet: '', passage: { headings: ['One\nTwo'], from: 1, to: 2 } }] });
    expect(printed.out).toEqual(['a.md — A', '  § One Two · lines 1-2']);
  });
});
