/**
 * Single-flight runner with one trailing run. `qmd update` re-reads the whole vault whatever
 * changed, so a burst of 500 file events must cost at most two runs: the one in flight and
 * one after it that picks up everything that arrived meanwhile.
 */
export interface UpdateRunner {
  schedule(): void;
  /** Resolves with the outcome of a run that started after this call. */
  request(): Promise<boolean>;
  whenIdle(): Promise<void>;
  readonly runs: number;
  readonly running: boolean;
}

export function createUpdateRunner(runOnce: () => Promise<boolean>): UpdateRunner {
  let current: Promise<boolean> | null = null;
  let trailing: Promise<boolean> | null = null;
  let runs = 0;

  function launch(): Promise<boolean> {
    runs += 1;
    const run: Promise<boolean> = runOnce()
      .catch(() => false)
      .finally(() => {
        if (current === run) current = null;
      });
    current = run;
    return run;
  }

  function request(): Promise<boolean> {
    if (!current) return launch();
    // The run in flight may have read the vault before the caller's change: queue one more,
    // shared by every caller until it starts.
    trailing ??= current.then(() => {
      trailing = null;
      // Someone may have launched a run between the end of `current` and this callback;
      // it started after all of our callers, so joining it is enough.
      return current ?? launch();
    });
    return trailing;
  }

  return {
    schedule: () => void request(),
    request,
    async whenIdle() {
      while (current || trailing) await (trailing ?? current);
    },
    get runs() {
      return runs;
    },
    get running() {
      return current !== null;
    },
  };
}
