import { fstatSync, lstatSync, renameSync, unlinkSync, type Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { linkNoClobber } from './create-file.js';
import { withPathLock } from './path-lock.js';
import { openRegularFile, readAllBytes } from './read-file.js';
import { watchRemoved } from './swap-repair.js';
import { tempPathFor } from './temp-file.js';
import { versionKey } from './version-key.js';

export type RemoveOutcome = { ok: true } | { ok: false; reason: 'changed' | 'missing' };

/** Test seams: a concurrent save put at an exact point of the removal. */
export interface RemoveHooks {
  /** After the file was found to hold what was checked, before it is moved aside. */
  checked?: () => void;
  /** While the file is aside, before it is looked at again and dropped. */
  aside?: () => void;
}

const REMOVED: RemoveOutcome = { ok: true };
const CHANGED: RemoveOutcome = { ok: false, reason: 'changed' };
const MISSING: RemoveOutcome = { ok: false, reason: 'missing' };

const sameInode = (a: Stats, b: Stats) => a.dev === b.dev && a.ino === b.ino;

/**
 * Removes the file at `abs` only if it still holds `expected` (job fields aside: the job's stamp
 * is not the person's), and never whatever else holds the name by the time it goes. An unlink
 * removes what is there at that instant; so the file is moved aside (atomic), and what moved
 * aside is checked to be the very file read before its name is dropped:
 * - a save renamed over it (vim, Syncthing) just before: not the file read, it goes back;
 * - a file created at the path while it is aside: never touched;
 * - a save in place (VS Code): the file stays open across the removal and, if it has no other
 *   name left, what was written into it after the check comes back once the writer is done.
 * A symlink in the vault is judged by its target and removed as a link (the target stays).
 */
export function removeIfUnchanged(abs: string, expected: Uint8Array, hooks?: RemoveHooks): Promise<RemoveOutcome> {
  return withPathLock(abs, () => remove(abs, expected, hooks));
}

async function remove(abs: string, expected: Uint8Array, hooks: RemoveHooks | undefined): Promise<RemoveOutcome> {
  const handle = await openRegularFile(abs);
  if (!handle) return MISSING;
  let watching = false;
  try {
    const checked = versionKey(expected);
    if (versionKey(await readAllBytes(handle)) !== checked) return CHANGED;
    hooks?.checked?.();
    const outcome = removeSync(handle, abs, hooks);
    if (outcome.ok && fstatSync(handle.fd).nlink === 0) {
      watching = true;
      watchRemoved(handle, abs, checked);
    }
    return outcome;
  } finally {
    if (!watching) await handle.close();
  }
}

/**
 * Synchronous on purpose, as the compare-and-swap is: nothing else in this process runs between
 * the check of the name and the rename, so another save can land only in the microseconds between
 * the calls, and the check after the rename catches it.
 */
function removeSync(handle: FileHandle, abs: string, hooks: RemoveHooks | undefined): RemoveOutcome {
  const name = lstatSync(abs, { throwIfNoEntry: false });
  if (!name) return MISSING;
  if (!name.isSymbolicLink() && !sameInode(fstatSync(handle.fd), name)) return CHANGED;
  const aside = tempPathFor(abs, 'swap');
  try {
    renameSync(abs, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return MISSING;
    throw err;
  }
  hooks?.aside?.();
  if (sameInode(name, lstatSync(aside))) {
    unlinkSync(aside);
    return REMOVED;
  }
  putBack(aside, abs);
  return CHANGED;
}

/** Someone else's file moved aside by mistake goes back, beside its name if that was taken meanwhile. */
function putBack(aside: string, abs: string): void {
  try {
    for (const name of [abs, `${abs}.restored`]) {
      const placed = linkNoClobber(aside, name);
      if (placed === 'linked') return unlinkSync(aside);
      if (placed === 'no-links' && !lstatSync(name, { throwIfNoEntry: false })) return renameSync(aside, name);
    }
  } catch {
    // Left under the aside name: the start-up clean-up puts it back (leftovers.ts).
  }
}
