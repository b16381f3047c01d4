import { describe, expect, it } from 'vitest';
import { PdfProgress } from '../../src/search/pdf-progress.js';
import type { PdfCounts, StatusResult } from '../../src/search/worker/protocol.js';

const counts = (waiting: number, indexed = 1): PdfCounts => ({ indexed, waiting, setAside: 0 });
const status = (pdfs: PdfCounts): StatusResult => ({ documents: 3, complete: true, setAside: [], pdfs });

/** A lane answering each status with the next of `answers`; every poll is recorded. */
function progress(answers: Array<StatusResult | undefined>, closed = () => false) {
  const seen: StatusResult[] = [];
  let asked = 0;
  let answered: (() => void) | undefined;
  const pdfs: PdfProgress = new PdfProgress({
    ask: async () => {
      const answer = answers[asked++];
      // What the keeper does with what a poll learnt: note the PDFs again.
      queueMicrotask(() => answered?.());
      return answer;
    },
    seen: (s) => {
      seen.push(s);
      pdfs.note(s.pdfs);
    },
    closed,
    pollMs: 5,
  });
  const nextAnswer = () => new Promise<void>((resolve) => (answered = resolve));
  return { pdfs, seen, asked: () => asked, nextAnswer };
}

describe("the PDFs' progress", () => {
  it('asks the lane again while PDFs wait to be read, until none does', async () => {
    const { pdfs, seen, asked, nextAnswer } = progress([status(counts(1, 1)), status(counts(0, 2))]);
    const first = nextAnswer();
    pdfs.note(counts(2, 0));
    expect(pdfs.counts).toEqual(counts(2, 0));
    await first;
    const second = nextAnswer();
    await second;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(asked()).toBe(2);
    expect(seen).toHaveLength(2);
    expect(pdfs.counts).toEqual(counts(0, 2));
  });

  it('asks one poll at a time however often the counts come', async () => {
    const { pdfs, asked, nextAnswer } = progress([status(counts(0))]);
    const answer = nextAnswer();
    pdfs.note(counts(3));
    pdfs.note(counts(2));
    pdfs.note(counts(1));
    await answer;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(asked()).toBe(1);
    expect(pdfs.counts).toEqual(counts(0));
  });

  it('keeps the counts it had when the lane cannot say, and never asks once closed or with none waiting', async () => {
    const quiet = progress([]);
    quiet.pdfs.note(counts(0));
    const closed = progress([], () => true);
    closed.pdfs.note(counts(4));
    const silent = progress([undefined]);
    const answer = silent.nextAnswer();
    silent.pdfs.note(counts(1));
    await answer;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(quiet.asked()).toBe(0);
    expect(closed.asked()).toBe(0);
    expect(silent.seen).toEqual([]);
    expect(silent.pdfs.counts).toEqual(counts(1));
    // Nothing passed on: the counts it had stay, and no timer is left behind.
    silent.pdfs.close();
  });
});
