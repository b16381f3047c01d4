/**
 * The service's own writers (job, agents, undo) take turns per path: a rename by one of them
 * between another's check and its rename would otherwise go unnoticed. Edits from other
 * processes are what the compare-and-swap guards against. The turns are the process's, not a
 * service's: a file is one file to every writer in this process, whichever service wrote it.
 */
const pathLocks = new Map<string, Promise<unknown>>();

export async function withPathLock<T>(abs: string, fn: () => Promise<T>): Promise<T> {
  const previous = pathLocks.get(abs) ?? Promise.resolve();
  const run = previous.then(fn, fn);
  const tail = run.catch(() => undefined);
  pathLocks.set(abs, tail);
  try {
    return await run;
  } finally {
    if (pathLocks.get(abs) === tail) pathLocks.delete(abs);
  }
}
