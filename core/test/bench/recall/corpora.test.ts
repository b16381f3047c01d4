import { describe, expect, it } from 'vitest';
import { generateConversationCorpus } from '../../../bench/recall/conversation-corpus.js';
import { generateMultilingualCorpus } from '../../../bench/recall/multilingual-corpus.js';
import { generateReferenceCorpus } from '../../../bench/recall/reference-corpus.js';
import { KINDS, type RecallCorpus } from '../../../bench/recall/types.js';

const corpora = (seed: number): RecallCorpus[] => [generateConversationCorpus(seed, 150), generateMultilingualCorpus(seed), generateReferenceCorpus(seed, 300)];

describe('the recall bench’s corpora', () => {
  it('are the same for the same seed, and differ for another', () => {
    const [a, b, c] = [corpora(7), corpora(7), corpora(8)];
    for (const [i, corpus] of a.entries()) {
      expect([...corpus.files]).toEqual([...b[i]!.files]);
      expect(corpus.questions).toEqual(b[i]!.questions);
    }
    expect([...a[0]!.files]).not.toEqual([...c[0]!.files]);
    expect([...a[2]!.files]).not.toEqual([...c[2]!.files]);
  });

  it('ask at least 30 questions of every kind, each answered by notes that exist', () => {
    const all = corpora(42);
    for (const kind of KINDS) expect(all.flatMap((c) => c.questions).filter((q) => q.kind === kind).length, kind).toBeGreaterThanOrEqual(30);
    for (const corpus of all) {
      for (const q of corpus.questions) {
        expect(q.evidence.length).toBeGreaterThan(0);
        for (const rel of q.evidence) expect(corpus.files.has(rel), `${q.text} → ${rel}`).toBe(true);
      }
    }
  });

  it('state each conversation fact in the note its questions name', () => {
    const { files, questions } = generateConversationCorpus(42, 150);
    const lisbon = questions.find((q) => q.text === 'when are we going to Lisbon?');
    expect(files.get(lisbon!.evidence[0]!)).toMatch(/Lisbon in May/);
    const painting = questions.find((q) => q.text.startsWith('what did I paint last'));
    expect(files.get(painting!.evidence[0]!)).toMatch(/painting the garden shed/);
  });

  it('write spaceless questions without spaces', () => {
    const spaceless = generateMultilingualCorpus(42).questions.filter((q) => q.kind === 'spaceless');
    expect(spaceless.length).toBeGreaterThan(0);
    for (const q of spaceless) expect(q.text).not.toMatch(/\s/);
  });

  it('mention common command names in hundreds of the reference pages', () => {
    const { files } = generateReferenceCorpus(42, 1_700);
    const mentioning = (name: string) => [...files.values()].filter((text) => new RegExp(`(^|[^\\w-])${name}([^\\w-]|$)`).test(text)).length;
    expect(files.size).toBeGreaterThanOrEqual(1_500);
    expect(mentioning('git')).toBeGreaterThan(500);
    expect(mentioning('du')).toBeGreaterThan(200);
    expect(mentioning('ls')).toBeGreaterThan(200);
  });
});
