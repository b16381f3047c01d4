import { mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** A fresh real directory per test, removed afterwards. */
export async function makeTempDir(prefix = 'knower-'): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await realpath(await mkdtemp(path.join(os.tmpdir(), prefix)));
  // Retried: on a loaded machine the last write of a closing app (a history commit, a record)
  // can land while the folder is being removed (ENOTEMPTY); removing again then succeeds.
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }) };
}

/** Polls until `check` returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => T | Promise<T>, timeoutMs = 10_000, what: string | (() => string) = 'condition'): Promise<Exclude<T, false | undefined>> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await check();
    if (last !== undefined && last !== false) return last as Exclude<T, false | undefined>;
    await new Promise((r) => setTimeout(r, 25));
  }
  // `what` may describe the state it timed out in, read only then.
  throw new Error(`timed out waiting for ${typeof what === 'function' ? what() : what} (last value: ${JSON.stringify(last)})`);
}
