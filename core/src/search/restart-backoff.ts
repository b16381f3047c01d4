export interface BackoffOptions {
  /** The wait after the second crash in a row (the first restart is immediate), doubled each crash after. */
  baseMs?: number;
  /** The longest wait: the worker always comes back. */
  capMs?: number;
  /** A crash this long after the last one starts a new run of crashes. */
  quietMs?: number;
  clock?: () => number;
}

export interface Backoff {
  /** A crash happened now: when a restart may happen. */
  crashed(): number;
  /** When the next start may happen, if it must wait. */
  readonly restartAt: number | undefined;
  /** Crashes in the current run, each within `quietMs` of the one before. */
  readonly inARow: number;
}

/**
 * How soon the index worker may start again after crashing: at once after a crash, then 1, 2,
 * 4 … s while crashes keep coming, never more than a minute. A worker that keeps crashing is
 * never given up on (it once stayed off until the service restarted), and never restarted in
 * a tight loop either.
 */
export function createBackoff(opts: BackoffOptions = {}): Backoff {
  const { baseMs = 1_000, capMs = 60_000, quietMs = 60_000, clock = Date.now } = opts;
  let last = -Infinity;
  let inARow = 0;
  let restartAt: number | undefined;
  return {
    crashed() {
      const now = clock();
      inARow = now - last > quietMs ? 1 : inARow + 1;
      last = now;
      restartAt = now + (inARow === 1 ? 0 : Math.min(capMs, baseMs * 2 ** (inARow - 2)));
      return restartAt;
    },
    get restartAt() {
      return restartAt !== undefined && restartAt > clock() ? restartAt : undefined;
    },
    get inARow() {
      return inARow;
    },
  };
}

/** Why a lane answers nothing until `restartAt`: said the same by the lane's refusals and the index's problem. */
export function restartingSentence(crashes: { inARow: number; last?: string | undefined }, restartAt: number): string {
  const wait = Math.ceil((restartAt - Date.now()) / 1000);
  return `the index worker is restarting after ${crashes.inARow} crashes in a row (the last: ${crashes.last ?? 'unknown'}); it starts again in ${wait} s`;
}
