import { lstat, rename, unlink } from 'node:fs/promises';
import { compareAndSwap, type SwapHooks, type WriteOutcome } from './compare-and-swap.js';
import { createIfAbsent } from './create-file.js';
import { ownershipOf } from './file-mode.js';
import { withPathLock } from './path-lock.js';
import { writeTemp } from './temp-file.js';

export type { WriteOutcome } from './compare-and-swap.js';

export interface WriteOptions {
  /**
   * undefined: write unconditionally. null: create only if the path does not exist.
   * string: compare-and-swap, write only if the file still holds exactly this content (its
   * UTF-8 bytes: a file in another encoding never matches a string, so it is never re-encoded),
   * and is not read-only.
   */
  expect?: string | null;
  /** Called just before the new content becomes visible (to mark the write as our own). */
  beforeCommit?: () => void;
  /** Test seams of the compare-and-swap: a concurrent save at an exact point of it. */
  hooks?: SwapHooks;
}

/**
 * The one atomic-write helper: readers never see half a file. With `expect` as a string it is a
 * compare-and-swap that never loses what the person saved meanwhile, in place or by rename; with
 * null it never overwrites. A file it replaces keeps its mode and owner. Temp files are removed on
 * every error path (a full disk included).
 * It records nothing: changes a run may have to undo go through a journaled VaultWriter.
 */
export function writeFileAtomic(abs: string, data: string | Uint8Array, opts: WriteOptions = {}): Promise<WriteOutcome> {
  return withPathLock(abs, () => write(abs, data, opts));
}

async function write(abs: string, data: string | Uint8Array, opts: WriteOptions): Promise<WriteOutcome> {
  const { expect } = opts;
  if (expect === undefined) {
    const existing = await lstat(abs).catch(() => undefined);
    const tmp = await writeTemp(abs, data, existing?.isFile() ? ownershipOf(existing) : undefined);
    try {
      opts.beforeCommit?.();
      await rename(tmp, abs);
    } catch (err) {
      await unlink(tmp).catch(() => undefined);
      throw err;
    }
    return { ok: true };
  }
  if (expect === null) return (await createIfAbsent(abs, data, opts.beforeCommit)) ? { ok: true } : { ok: false, reason: 'exists' };
  return compareAndSwap(abs, Buffer.from(data), Buffer.from(expect), { ...(opts.beforeCommit && { beforeCommit: opts.beforeCommit }), ...(opts.hooks && { hooks: opts.hooks }) });
}
