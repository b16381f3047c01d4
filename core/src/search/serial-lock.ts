/**
 * Runs tasks one at a time, in call order. qmd writers go through one of these: two
 * concurrent `qmd update` runs crash one of them (SQLITE_CONSTRAINT in the FTS rebuild).
 */
export interface SerialLock {
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly busy: boolean;
}

export function createSerialLock(): SerialLock {
  let tail: Promise<unknown> = Promise.resolve();
  let active = 0;
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      active += 1;
      const result = tail.then(task).finally(() => {
        active -= 1;
      });
      // A failed task must not poison the queue for the ones behind it.
      tail = result.catch(() => undefined);
      return result;
    },
    get busy() {
      return active > 0;
    },
  };
}
