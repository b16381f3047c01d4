import { describe, expect, it } from 'vitest';
import { ChangeTimes } from '../../src/jobs/change-times.js';

describe('when each path last changed', () => {
  it('says how long a path has been quiet, and that a path never seen changing is quiet', () => {
    let now = 1_000;
    const times = new ChangeTimes(
      200,
      () => false,
      () => now,
    );
    times.changed('a.md');
    now += 150;
    expect(times.quietFor('a.md')).toBe(150);
    expect(times.quietFor('never.md')).toBe(Infinity);
  });

  it('forgets paths quiet for the quiet period once it holds many, except those it is told to keep', () => {
    let now = 0;
    const times = new ChangeTimes(
      200,
      (rel) => rel === 'kept-0.md',
      () => now,
    );
    for (let i = 0; i < 10_000; i++) times.changed(`kept-${String(i)}.md`);
    expect(times.size).toBe(10_000);
    now = 500;
    times.changed('fresh.md');

    expect(times.size).toBe(2);
    expect(times.quietFor('kept-0.md')).toBe(500);
    expect(times.quietFor('kept-1.md')).toBe(Infinity);
    expect(times.quietFor('fresh.md')).toBe(0);
  });

  it('keeps paths still inside their quiet period when it prunes', () => {
    let now = 0;
    const times = new ChangeTimes(
      200,
      () => false,
      () => now,
    );
    for (let i = 0; i < 10_000; i++) times.changed(`n-${String(i)}.md`);
    now = 100;
    times.changed('fresh.md');
    expect(times.size).toBe(10_001);
  });
});
