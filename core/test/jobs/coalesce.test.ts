import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { coalesce } from '../../src/jobs/coalesce.js';

describe('coalesce', () => {
  it('runs once per window and never piles runs up behind a slow one', async () => {
    let runs = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    const work = coalesce(async () => {
      runs++;
      maxConcurrent = Math.max(maxConcurrent, ++concurrent);
      await delay(150);
      concurrent--;
    }, 10);
    // Four windows while the first run is still going: they share one trailing run.
    for (let i = 0; i < 4; i++) {
      work.schedule();
      await delay(30);
    }
    await work.whenIdle();
    expect(runs).toBe(2);
    expect(maxConcurrent).toBe(1);
  });

  it('keeps going after a failed run', async () => {
    let runs = 0;
    const work = coalesce(() => {
      runs++;
      if (runs === 1) throw new Error('boom');
    }, 5);
    work.schedule();
    await delay(20);
    work.schedule();
    await work.whenIdle();
    expect(runs).toBe(2);
  });
});
