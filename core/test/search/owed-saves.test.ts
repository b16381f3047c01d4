import { describe, expect, it } from 'vitest';
import { OwedSaves } from '../../src/search/owed-saves.js';

describe('the saves the index owes', () => {
  it('keeps each path once and gives them all back once', () => {
    const owed = new OwedSaves(() => undefined);
    owed.owe(['a.md', 'b.md'], undefined);
    owed.owe(['a.md'], undefined);
    expect(owed.size).toBe(2);
    expect(owed.take().sort()).toEqual(['a.md', 'b.md']);
    expect(owed.size).toBe(0);
    expect(owed.take()).toEqual([]);
  });

  it('is due once at the time the worker said it starts again, however many saves were owed meanwhile', async () => {
    let due = 0;
    let dueNow!: () => void;
    const fired = new Promise<void>((resolve) => (dueNow = resolve));
    const owed = new OwedSaves(() => {
      due++;
      dueNow();
    });
    owed.owe(['a.md'], Date.now() + 20);
    owed.owe(['b.md'], Date.now() + 10);
    await fired;
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(due).toBe(1);
    // Once due, owing again with a restart time arms it again.
    owed.owe(['c.md'], Date.now());
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(due).toBe(2);
  });

  it('is never due without a restart time, nor once closed', async () => {
    let due = 0;
    const owed = new OwedSaves(() => due++);
    owed.owe(['a.md'], undefined);
    const closing = new OwedSaves(() => due++);
    closing.owe(['b.md'], Date.now() + 10);
    closing.close();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(due).toBe(0);
    expect(owed.size).toBe(1);
  });
});
