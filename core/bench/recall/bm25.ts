/**
 * The baselines the recall bench measures Knower against: Okapi BM25 (k1 1.2, b 0.75) over
 * title and body as one field, words lowercased and split on anything but letters, marks and
 * digits, English stopwords dropped, and optionally each word stemmed (BM25 + Porter).
 * Marks count as part of a word so that Thai and Indic words are not cut at their vowel signs.
 */
import { ENGLISH_STOPWORDS } from './english-stopwords.js';

export interface Bm25Options {
  stem?: (word: string) => string;
  stopwords?: ReadonlySet<string>;
  k1?: number;
  b?: number;
}

export interface Bm25Doc {
  id: string;
  text: string;
}

export interface Bm25Hit {
  id: string;
  score: number;
}

export interface Bm25Index {
  search(query: string, limit: number): Bm25Hit[];
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

export function bm25Words(text: string, opts: Pick<Bm25Options, 'stem' | 'stopwords'> = {}): string[] {
  const stopwords = opts.stopwords ?? ENGLISH_STOPWORDS;
  const out: string[] = [];
  for (const [w] of text.toLowerCase().matchAll(WORD)) {
    if (stopwords.has(w)) continue;
    out.push(opts.stem ? opts.stem(w) : w);
  }
  return out;
}

/** Lucene's idf: never negative, so a word in most notes still adds a little. */
const idf = (docs: number, df: number) => Math.log(1 + (docs - df + 0.5) / (df + 0.5));

export function createBm25(docs: Bm25Doc[], opts: Bm25Options = {}): Bm25Index {
  const k1 = opts.k1 ?? 1.2;
  const b = opts.b ?? 0.75;
  const lengths: number[] = [];
  const postings = new Map<string, { doc: number; tf: number }[]>();
  docs.forEach((d, doc) => {
    const words = bm25Words(d.text, opts);
    lengths.push(words.length);
    const tf = new Map<string, number>();
    for (const w of words) tf.set(w, (tf.get(w) ?? 0) + 1);
    for (const [w, n] of tf) {
      const list = postings.get(w) ?? [];
      list.push({ doc, tf: n });
      postings.set(w, list);
    }
  });
  const avgLength = lengths.reduce((a, n) => a + n, 0) / Math.max(1, docs.length);

  return {
    search(query, limit) {
      const scores = new Map<number, number>();
      // Each distinct query word once: a repeated word in a question does not weigh double.
      for (const w of new Set(bm25Words(query, opts))) {
        const list = postings.get(w);
        if (!list) continue;
        const weight = idf(docs.length, list.length);
        for (const { doc, tf } of list) {
          const norm = k1 * (1 - b + (b * (lengths[doc] as number)) / avgLength);
          scores.set(doc, (scores.get(doc) ?? 0) + (weight * tf * (k1 + 1)) / (tf + norm));
        }
      }
      return [...scores]
        .map(([doc, score]) => ({ id: (docs[doc] as Bm25Doc).id, score }))
        .sort((x, y) => y.score - x.score || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0))
        .slice(0, limit);
    },
  };
}
