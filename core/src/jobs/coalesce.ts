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

  function fire(): void {
    timer = undefined;
    const current = (running ?? Promise.resolve()).then(run);
    running = current;
    void current.finally(() => {
      if (running === current) running = undefined;
    });
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
