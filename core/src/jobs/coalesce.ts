export interface Coalesced {
  /** Run soon; every call within the window shares one run, and a run never overlaps another. */
  schedule(): void;
  /** Run now whatever is scheduled, and resolve when nothing is scheduled or running. */
  whenIdle(): Promise<void>;
  cancel(): void;
}

export function coalesce(run: () => Promise<void> | void, delayMs: number): Coalesced {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  // A run chained behind the one in flight that has not started yet sees every change made
  // until it starts: later fires join it instead of queueing one more run each.
  let queued = false;

  function fire(): void {
    timer = undefined;
    if (queued) return;
    queued = true;
    const current = (running ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => {
        queued = false;
        return run();
      });
    running = current;
    const settle = () => {
      if (running === current) running = undefined;
    };
    current.then(settle, settle);
  }

  return {
    schedule() {
      timer ??= setTimeout(fire, delayMs);
    },
    async whenIdle() {
      while (timer || running) {
        if (timer) {
          clearTimeout(timer);
          fire();
        }
        await running?.catch(() => undefined);
      }
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
