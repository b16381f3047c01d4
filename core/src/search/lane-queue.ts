import type { WorkerClient } from './worker-client.js';

export type Acquired = { ok: true; lane: WorkerClient } | { ok: false; error: string };

export interface LaneQueue {
  /** An idle lane for one search, held until released; or, past the bounds, why none came. */
  acquire(): Promise<Acquired>;
  release(lane: WorkerClient): void;
  /** Whether a search holds the lane (sent or about to be). */
  holds(lane: WorkerClient): boolean;
  /** Searches waiting for a lane. */
  readonly waiting: number;
  /** Every waiting search is told the engine closed. */
  close(): void;
}

export interface QueueBounds {
  /** How long a search may wait for a lane before it is answered without running. */
  waitMs: number;
  /** How many may wait at once; one more is answered at once. */
  maxWaiting: number;
}

interface Waiter {
  resolve: (got: Acquired) => void;
  timer: NodeJS.Timeout;
}

/**
 * Hands the search lanes to searches one at a time, in the order they came. A lane's thread
 * answers one request after another: searches sent to a busy lane used to wait inside it with
 * their budget already running, so twenty heavy searches at once stopped each other's lanes
 * (124 of 365 failed). Here a search waits for an idle lane instead, and its budget starts
 * when it is sent; the wait has its own bound, and so does the line.
 */
export function createLaneQueue(lanes: readonly WorkerClient[], bounds: QueueBounds): LaneQueue {
  const held = new Set<WorkerClient>();
  const line: Waiter[] = [];

  /** An idle lane already running, else an idle one (its thread starts with the search). */
  function idle(): WorkerClient | undefined {
    const free = lanes.filter((lane) => !held.has(lane));
    return free.find((lane) => lane.pid !== undefined) ?? free[0];
  }

  function give(lane: WorkerClient): Acquired {
    held.add(lane);
    return { ok: true, lane };
  }

  return {
    acquire() {
      const lane = idle();
      if (lane) return Promise.resolve(give(lane));
      if (line.length >= bounds.maxWaiting) {
        return Promise.resolve({ ok: false, error: `${line.length} search${line.length === 1 ? ' is' : 'es are'} already waiting for a search worker; try again in a moment` });
      }
      return new Promise((resolve) => {
        const waiter: Waiter = {
          resolve,
          timer: setTimeout(() => {
            line.splice(line.indexOf(waiter), 1);
            resolve({ ok: false, error: `the search waited ${bounds.waitMs / 1000} s for a search worker, every one busy with other searches, and was not run` });
          }, bounds.waitMs),
        };
        line.push(waiter);
      });
    },
    release(lane) {
      held.delete(lane);
      const next = line.shift();
      if (!next) return;
      clearTimeout(next.timer);
      next.resolve(give(lane));
    },
    holds: (lane) => held.has(lane),
    get waiting() {
      return line.length;
    },
    close() {
      for (const waiter of line.splice(0)) {
        clearTimeout(waiter.timer);
        waiter.resolve({ ok: false, error: 'the search engine is closed' });
      }
    },
  };
}
