import { randomBytes } from 'node:crypto';
import { link, mkdir, open, rename, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { journalChange } from './write-journal.js';

export type WriteOutcome =
  | { ok: true }
  | { ok: false; reason: 'changed' | 'exists' | 'missing' };

export interface WriteOptions {
  /**
   * undefined: write unconditionally. null: create only if the path does not exist.
   * string: compare-and-swap, write only if the file still holds exactly this content.
   */
  expect?: string | null;
  /** Called just before the new content becomes visible (to mark the write as our own). */
  beforeCommit?: () => void;
}

/**
 * The service's own writers (job, agents, undo) take turns per path: a rename by one of them
 * between another's check and its rename would otherwise go unnoticed. Edits from other
 * processes are what the compare-and-swap guards against.
 */
const pathLocks = new Map<string, Promise<unknown>>();

async function withPathLock<T>(abs: string, fn: () => Promise<T>): Promise<T> {
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

/** Temp files are dotfiles in the same folder: invisible to the watcher, same filesystem for rename. */
function tempPathFor(abs: string): string {
  return path.join(path.dirname(abs), `.${path.basename(abs)}.${randomBytes(6).toString('hex')}.tmp`);
}

/** Reads through an open handle until EOF (positional reads: the handle may outlive a rename). */
async function readAll(handle: FileHandle): Promise<string> {
  const chunks: Buffer[] = [];
  let position = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(64 * 1024);
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
    if (bytesRead === 0) break;
    chunks.push(chunk.subarray(0, bytesRead));
    position += bytesRead;
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function writeTemp(abs: string, data: string | Uint8Array): Promise<string> {
  await mkdir(path.dirname(abs), { recursive: true });
  const tmp = tempPathFor(abs);
  const handle = await open(tmp, 'wx');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return tmp;
}

/**
 * The one atomic-write helper: temp file + fsync + rename, so readers never see half a file.
 *
 * With `expect` as a string it is a compare-and-swap that never loses a concurrent in-place
 * edit: the original file stays open across the swap, and anything written into it between
 * our read and the rename is put back shortly after (a change the watcher then reports).
 */
export async function writeFileAtomic(abs: string, data: string | Uint8Array, opts: WriteOptions = {}): Promise<WriteOutcome> {
  const cancel = await journalChange(abs, data, opts.expect);
  try {
    const outcome = await withPathLock(abs, () => write(abs, data, opts));
    if (!outcome.ok) await cancel();
    return outcome;
  } catch (err) {
    await cancel();
    throw err;
  }
}

async function write(abs: string, data: string | Uint8Array, opts: WriteOptions): Promise<WriteOutcome> {
  const { expect } = opts;
  if (expect === undefined) {
    const tmp = await writeTemp(abs, data);
    opts.beforeCommit?.();
    await rename(tmp, abs);
    return { ok: true };
  }
  if (expect === null) {
    const tmp = await writeTemp(abs, data);
    try {
      opts.beforeCommit?.();
      await link(tmp, abs); // link() fails with EEXIST: create-if-absent without a race
      return { ok: true };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return { ok: false, reason: 'exists' };
      throw err;
    } finally {
      await unlink(tmp).catch(() => undefined);
    }
  }
  return compareAndSwap(abs, typeof data === 'string' ? data : Buffer.from(data).toString('utf8'), expect, opts.beforeCommit);
}

/** Long enough for a writer that opened the old file just before the swap to finish its write. */
const SETTLE_MS = 15;

async function compareAndSwap(abs: string, data: string, expect: string, beforeCommit?: () => void, depth = 0): Promise<WriteOutcome> {
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

/** Reads a file as UTF-8 text; undefined when it does not exist. */
export async function readTextIfExists(abs: string): Promise<string | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(abs, 'r');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return undefined;
    throw err;
  }
  try {
    return await readAll(handle);
  } finally {
    await handle.close();
  }
}

