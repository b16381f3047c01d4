import { stemmer } from 'stemmer';
import { describe, expect, it } from 'vitest';
import { bm25Words, createBm25 } from '../../../bench/recall/bm25.js';

// Three notes of 2, 3 and 4 words (average 3); "apple" is in two of them.
const docs = [
  { id: 'one', text: 'apple banana' },
  { id: 'two', text: 'apple apple cherry' },
  { id: 'three', text: 'banana cherry cherry date' },
];

describe('the recall bench’s BM25', () => {
  it('scores as the formula says: idf × tf(k1+1) / (tf + k1(1 − b + b·len/avg)), k1 1.2, b 0.75', () => {
    const idf = Math.log(1 + (3 - 2 + 0.5) / (2 + 0.5)); // ln 1.6
    const one = (idf * 1 * 2.2) / (1 + 1.2 * (0.25 + 0.75 * (2 / 3))); // tf 1 in 2 words
    const two = (idf * 2 * 2.2) / (2 + 1.2 * (0.25 + 0.75 * (3 / 3))); // tf 2 in 3 words
    const hits = createBm25(docs).search('apple', 10);
    expect(hits.map((h) => h.id)).toEqual(['two', 'one']);
    expect(hits[0]?.score).toBeCloseTo(two, 10);
    expect(hits[1]?.score).toBeCloseTo(one, 10);
  });

  it('adds the words of a query, so a note with both ranks above notes with one', () => {
    const hits = createBm25(docs).search('banana cherry', 10);
    expect(hits[0]?.id).toBe('three');
    expect(hits.map((h) => h.id).sort()).toEqual(['one', 'three', 'two']);
  });

  it('drops English stopwords and case, splits on anything but letters, marks and digits', () => {
    expect(bm25Words('What did I do with THE tar-archive, v2?')).toEqual(['tar', 'archive', 'v2']);
    // Thai vowel signs are marks: the word stays whole.
    expect(bm25Words('ปั้นดินเผา')).toEqual(['ปั้นดินเผา']);
    expect(createBm25(docs).search('the apple', 10)).toEqual(createBm25(docs).search('apple', 10));
  });

  it('with Porter, other forms of a word meet', () => {
    const notes = [
      { id: 'shed', text: 'I have been painting the garden shed' },
      { id: 'other', text: 'a trip to Lisbon' },
    ];
    expect(createBm25(notes).search('painted', 10)).toEqual([]);
    expect(
      createBm25(notes, { stem: stemmer })
        .search('painted', 10)
        .map((h) => h.id),
    ).toEqual(['shed']);
  });

  it('keeps the top `limit`, ties in path order', () => {
    const same = [
      { id: 'b', text: 'tar' },
      { id: 'a', text: 'tar' },
      { id: 'c', text: 'tar' },
    ];
    expect(
      createBm25(same)
        .search('tar', 2)
        .map((h) => h.id),
    ).toEqual(['a', 'b']);
  });
});
