import { link, rename, unlink } from 'node:fs/promises';
import { compareAndSwap, type WriteOutcome } from './compare-and-swap.js';
import { withPathLock } from './path-lock.js';
import { writeTemp } from './temp-file.js';

export type { WriteOutcome } from './compare-and-swap.js';

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
 * The one atomic-write helper: temp file + fsync + rename, so readers never see half a file.
 * With `expect` as a string it is a compare-and-swap that never loses a concurrent in-place edit.
 * It records nothing: changes a run may have to undo go through a journaled VaultWriter.
 */
export function writeFileAtomic(abs: string, data: string | Uint8Array, opts: WriteOptions = {}): Promise<WriteOutcome> {
  return withPathLock(abs, () => write(abs, data, opts));
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
