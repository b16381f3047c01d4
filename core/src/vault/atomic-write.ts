import { rename, stat, unlink } from 'node:fs/promises';
import { compareAndSwap, type SwapHooks, type WriteOutcome } from './compare-and-swap.js';
import { createIfAbsent } from './create-file.js';
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
  /** Test seams of the compare-and-swap: a concurrent save at an exact point of it. */
  hooks?: SwapHooks;
}

/**
 * The one atomic-write helper: readers never see half a file. With `expect` as a string it is a
 * compare-and-swap that never loses what the person saved meanwhile, in place or by rename; with
 * null it never overwrites. Temp files are removed on every error path (a full disk included).
 * It records nothing: changes a run may have to undo go through a journaled VaultWriter.
 */
export function writeFileAtomic(abs: string, data: string | Uint8Array, opts: WriteOptions = {}): Promise<WriteOutcome> {
  return withPathLock(abs, () => write(abs, data, opts));
}

async function write(abs: string, data: string | Uint8Array, opts: WriteOptions): Promise<WriteOutcome> {
  const { expect } = opts;
  if (expect === undefined) {
    // A file written over keeps its permissions: a note the person made private stays private.
    const kept = await stat(abs).then(
      (s) => (s.isFile() ? s.mode & 0o777 : undefined),
      () => undefined,
    );
    const tmp = await writeTemp(abs, data, kept);
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
  const text = typeof data === 'string' ? data : Buffer.from(data).toString('utf8');
  return compareAndSwap(abs, text, expect, { ...(opts.beforeCommit && { beforeCommit: opts.beforeCommit }), ...(opts.hooks && { hooks: opts.hooks }) });
}
