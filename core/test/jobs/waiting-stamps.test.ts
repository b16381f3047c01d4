import { describe, expect, it } from 'vitest';
import type { StampTask } from '../../src/jobs/stamp-note.js';
import { WaitingStamps } from '../../src/jobs/waiting-stamps.js';

const born = new Date('2025-03-01T09:00:00Z');
const task = (rel: string, previousBody?: string): StampTask => ({ rel, born, previousBody });

function waitingStamps(opts: { quietMs: number; quiet: Record<string, number>; coming?: Set<string> }) {
  const due: StampTask[] = [];
  let dueNow: (() => void) | undefined;
  const stamps = new WaitingStamps({
    quietMs: opts.quietMs,
    quietFor: (rel) => opts.quiet[rel] ?? Infinity,
    lookComing: (rel) => opts.coming?.has(rel) ?? false,
    due: (t) => {
      due.push(t);
      dueNow?.();
    },
  });
  const nextDue = () => new Promise<void>((resolve) => (dueNow = resolve));
  return { stamps, due, nextDue };
}

describe('stamps wait for their notes to be quiet', () => {
  it('lets the stamps of quiet notes go now and holds the others', () => {
    const { stamps } = waitingStamps({ quietMs: 60_000, quiet: { 'quiet.md': 60_000, 'busy.md': 10 } });
    expect(stamps.ready([task('quiet.md'), task('busy.md')], ['quiet.md', 'busy.md'])).toEqual([task('quiet.md')]);
    expect(stamps.has('busy.md')).toBe(true);
    expect(stamps.size).toBe(1);
    stamps.clear();
    expect(stamps.size).toBe(0);
  });

  it('a note looked at again while its stamp waits keeps the body its stamp compares with', () => {
    const quiet: Record<string, number> = { 'plan.md': 10 };
    const { stamps } = waitingStamps({ quietMs: 60_000, quiet });
    stamps.ready([task('plan.md', 'hash-when-stamped')], ['plan.md']);
    quiet['plan.md'] = 60_000;
    expect(stamps.ready([task('plan.md', 'hash-of-first-save')], ['plan.md'])).toEqual([task('plan.md', 'hash-when-stamped')]);
    expect(stamps.has('plan.md')).toBe(false);
  });

  it('a stamp waiting for a note looked at again without a task of its own still goes once the note is quiet', () => {
    const quiet: Record<string, number> = { 'plan.md': 10 };
    const { stamps } = waitingStamps({ quietMs: 60_000, quiet });
    stamps.ready([task('plan.md', 'old')], ['plan.md']);
    quiet['plan.md'] = 60_000;
    expect(stamps.ready([], ['plan.md'])).toEqual([task('plan.md', 'old')]);
  });

  it('is due once the rest of its quiet period is over', async () => {
    const { stamps, due, nextDue } = waitingStamps({ quietMs: 30, quiet: { 'note.md': 0 } });
    const fired = nextDue();
    expect(stamps.ready([task('note.md')], ['note.md'])).toEqual([]);
    await fired;
    expect(due).toEqual([task('note.md')]);
    expect(stamps.has('note.md')).toBe(false);
  });

  it('keeps waiting, without a timer, while a newer look at the note is coming', async () => {
    const coming = new Set(['note.md']);
    const { stamps, due } = waitingStamps({ quietMs: 20, quiet: { 'note.md': 0 }, coming });
    stamps.ready([task('note.md')], ['note.md']);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(due).toEqual([]);
    expect(stamps.has('note.md')).toBe(true);
  });

  it('a paused stamp is not due on its own: the newer look takes it', async () => {
    const { stamps, due } = waitingStamps({ quietMs: 20, quiet: { 'note.md': 0 } });
    stamps.ready([task('note.md')], ['note.md']);
    stamps.pause('note.md');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(due).toEqual([]);
    expect(stamps.has('note.md')).toBe(true);
  });
});
