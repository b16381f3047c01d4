import { describe, expect, it } from 'vitest';
import { createBackoff, restartingSentence } from '../../src/search/restart-backoff.js';

describe("the index worker's back-off", () => {
  it('restarts at once after a crash, then waits 1, 2, 4 … s while crashes keep coming, never more than the cap', () => {
    let now = 1_000_000;
    const backoff = createBackoff({ clock: () => now });
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      waits.push(backoff.crashed() - now);
      now += 5_000; // the next crash comes 5 s later: still the same run of crashes
    }
    expect(waits).toEqual([0, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    expect(backoff.inARow).toBe(10);
  });

  it('says when a start must wait, and starts a new run of crashes after a quiet minute', () => {
    let now = 0;
    const backoff = createBackoff({ clock: () => now });
    backoff.crashed();
    expect(backoff.restartAt).toBeUndefined();
    backoff.crashed();
    expect(backoff.restartAt).toBe(1_000);
    now = 999;
    expect(backoff.restartAt).toBe(1_000);
    now = 1_000;
    expect(backoff.restartAt).toBeUndefined();
    now = 62_000;
    expect(backoff.crashed()).toBe(62_000);
    expect(backoff.inARow).toBe(1);
  });
});

describe('why a restarting lane answers nothing', () => {
  it('says how many crashes, the last one, and in how many seconds it starts again', () => {
    const at = Date.now() + 2_500;
    expect(restartingSentence({ inARow: 3, last: 'the index worker exited (SIGKILL)' }, at)).toMatch(
      /^the index worker is restarting after 3 crashes in a row \(the last: the index worker exited \(SIGKILL\)\); it starts again in [23] s$/,
    );
    expect(restartingSentence({ inARow: 2 }, at)).toContain('(the last: unknown)');
  });
});
