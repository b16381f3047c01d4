import { open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { withPathLock } from './path-lock.js';
import { readAll, readTextIfExists } from './read-file.js';
import { writeTemp } from './temp-file.js';

export type WriteOutcome = { ok: true } | { ok: false; reason: 'changed' | 'exists' | 'missing' };

/** Long enough for a writer that opened the old file just before the swap to finish its write. */
const SETTLE_MS = 15;

/**
 * Replaces the file only if it still holds exactly `expect`, and never loses a concurrent
 * in-place edit: the original stays open across the swap, and anything written into it between
 * the check and the rename is put back shortly after (a change the watcher then reports).
 * Callers hold the path lock.
 */
export async function compareAndSwap(abs: string, data: string, expect: string, beforeCommit?: () => void, depth = 0): Promise<WriteOutcome> {
  let original: FileHandle;
  try {
    original = await open(abs, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { ok: false, reason: 'missing' };
    throw err;
  }
  let tmp: string | undefined;
  let swapped = false;
  try {
    if ((await readAll(original)) !== expect) return { ok: false, reason: 'changed' };
    tmp = await writeTemp(abs, data);
    if ((await readAll(original)) !== expect) return { ok: false, reason: 'changed' };
    beforeCommit?.();
    await rename(tmp, abs);
    tmp = undefined;
    swapped = true;
    // The check of the replaced file runs on its own: callers do not wait out the settle time.
    void watchReplaced(original, abs, data, expect, depth);
    return { ok: true };
  } finally {
    if (!swapped) await original.close();
    if (tmp) await unlink(tmp).catch(() => undefined);
  }
}

/** Pending checks of replaced files; `settleWrites()` waits for them (tests, shutdown). */
const settling = new Set<Promise<void>>();

export async function settleWrites(): Promise<void> {
  while (settling.size > 0) await Promise.all([...settling]);
}

/**
 * Once a writer that opened the old file just before the swap has had time to finish, look at
 * the replaced file: anything written into it is the person's, and goes back in.
 */
function watchReplaced(original: FileHandle, abs: string, ours: string, expect: string, depth: number): Promise<void> {
  const check = (async () => {
    try {
      await delay(SETTLE_MS);
      const replaced = await readAll(original);
      if (replaced !== expect && depth < 5) await restore(abs, ours, replaced, depth);
    } catch {
      // The vault moved or vanished meanwhile: nothing left to put back.
    } finally {
      await original.close().catch(() => undefined);
    }
  })();
  settling.add(check);
  void check.finally(() => settling.delete(check));
  return check;
}

/**
 * After a swap that raced an in-place write: the path holds `ours` plus whatever was appended
 * since; the replaced file holds the person's version. Put theirs back, keeping those appends.
 */
async function restore(abs: string, ours: string, theirs: string, depth: number): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await readTextIfExists(abs);
    // Deleted, or rewritten whole since: the newer action stands.
    if (current === undefined || !current.startsWith(ours)) return;
    const outcome = await withPathLock(abs, () => compareAndSwap(abs, theirs + current.slice(ours.length), current, undefined, depth + 1));
    if (outcome.ok || outcome.reason === 'missing') return;
  }
}
