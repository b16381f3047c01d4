import { fstatSync, lstatSync, renameSync, unlinkSync, type Stats } from 'node:fs';
import { realpath, unlink, type FileHandle } from 'node:fs/promises';
import { linkNoClobber } from './create-file.js';
import { isReadOnly, ownershipOf } from './file-mode.js';
import { openRegularFile, readAllBytes } from './read-file.js';
import { fillGap, putBack, watchReplaced, type Reswap } from './swap-repair.js';
import { createFileExclusive, tempPathFor } from './temp-file.js';

/** 'read-only': the file's permissions allow no writing (see isReadOnly); it is left as it is. */
export type WriteOutcome = { ok: true } | { ok: false; reason: 'changed' | 'exists' | 'missing' | 'read-only' };

/** Test seams: a concurrent save put at an exact point of the swap. */
export interface SwapHooks {
  /** Once the note is open, before the new version is written beside it. */
  opened?: () => void;
  /** After the last check that the path still names the file read, before it is moved aside. */
  checked?: () => void;
  /** While the note is aside, before the new version takes its name. */
  aside?: () => void;
}

export interface SwapOptions {
  /** Called just before the new content becomes visible (to mark the write as our own). */
  beforeCommit?: () => void;
  hooks?: SwapHooks;
}

const CHANGED: WriteOutcome = { ok: false, reason: 'changed' };

/** Byte for byte: a note that is not UTF-8 differs from every string, its lossy decoding included. */
const holds = async (handle: FileHandle, expect: Uint8Array) => (await readAllBytes(handle)).equals(expect);

const sameInode = (a: Stats, b: Stats) => a.dev === b.dev && a.ino === b.ino;
const sameState = (a: Stats, b: Stats) => sameInode(a, b) && a.size === b.size && a.mtimeMs === b.mtimeMs;

type Swap =
  /** The path no longer names the file read, or nothing at all: nothing was moved. */
  | { kind: 'changed' }
  /** Ours is in place; the note read is kept under `aside` until late writes into it are settled. */
  | { kind: 'placed'; aside: string }
  /** Something else was at the path by the time it moved aside: theirs, put back at once. */
  | { kind: 'theirs'; aside: string; placed: 'linked' | 'taken' | 'no-links' }
  /** Something was created at the path while it was aside, so ours could not take it. */
  | { kind: 'taken'; aside: string }
  /** No hard links: ours is put in place by the caller (O_EXCL). */
  | { kind: 'no-links'; aside: string };

/**
 * The swap itself, synchronous on purpose: nothing else in this process runs between the check
 * and the renames, so the person's save can land only in the microseconds between the calls.
 * The note is renamed aside (never overwritten: whatever is at the path at that instant is kept,
 * however it got there), checked to be the very file read, and ours is linked into its place,
 * which fails rather than overwrite something created meanwhile.
 */
function swapSync(original: FileHandle, abs: string, tmp: string, hooks: SwapHooks | undefined): Swap {
  const read = fstatSync(original.fd);
  const now = lstatSync(abs, { throwIfNoEntry: false });
  if (!now || !sameState(read, now)) return { kind: 'changed' };
  hooks?.checked?.();
  const aside = tempPathFor(abs, 'swap');
  try {
    renameSync(abs, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'changed' };
    throw err;
  }
  try {
    hooks?.aside?.();
    if (!sameInode(read, lstatSync(aside))) return { kind: 'theirs', aside, placed: linkNoClobber(aside, abs) };
    const placed = linkNoClobber(tmp, abs);
    return placed === 'linked' ? { kind: 'placed', aside } : placed === 'taken' ? { kind: 'taken', aside } : { kind: 'no-links', aside };
  } catch (err) {
    // A fault between the renames (EIO, a full directory): the note goes back before anything else.
    putBackSync(aside, abs);
    throw err;
  }
}

function dropName(aside: string): void {
  try {
    unlinkSync(aside);
  } catch {
    // Already gone (a folder moved meanwhile): the start-up clean-up finds any left over.
  }
}

function putBackSync(aside: string, abs: string): void {
  try {
    const placed = linkNoClobber(aside, abs);
    if (placed === 'linked') unlinkSync(aside);
    else if (placed === 'no-links' && !lstatSync(abs, { throwIfNoEntry: false })) renameSync(aside, abs);
  } catch {
    // Left under the aside name: the start-up clean-up puts it back (leftovers.ts).
  }
}

/**
 * Replaces the note only if it is still exactly the file that was read, holding the bytes
 * `expect`, and never loses what the person saved meanwhile, however they saved it:
 * - in place (VS Code, appends): the original stays open across the swap; anything written into
 *   it after the check goes back in once the writer is done (watchReplaced);
 * - by renaming a new file over the note (vim, JetBrains, Syncthing, Dropbox, git): the path is
 *   checked to name the file read (device, inode, size, mtime) just before it moves aside, and
 *   what moved aside is checked again: if it is not the file read, it is theirs and goes back;
 * - by creating the file afresh in the instant the note is aside: theirs stands (fillGap).
 * A read-only note is never replaced; the new version takes the old one's mode and owner.
 * Callers hold the path lock.
 */
export async function compareAndSwap(path: string, data: Uint8Array, expect: Uint8Array, opts: SwapOptions = {}, depth = 0): Promise<WriteOutcome> {
  // A symlink inside the vault is written through, never replaced by a copy of its target.
  const abs = await realpath(path).catch(() => path);
  const original = await openRegularFile(abs);
  if (!original) return { ok: false, reason: 'missing' };
  let tmp: string | undefined;
  let keepOpen = false;
  try {
    const info = await original.stat();
    if (await isReadOnly(abs, info)) return { ok: false, reason: 'read-only' };
    // The new version keeps the note's mode and owner: a note the person made private stays private.
    const kept = ownershipOf(info);
    if (!(await holds(original, expect))) return CHANGED;
    opts.hooks?.opened?.();
    // Beside the note, in the folder it was read from, never in one made anew: a folder deleted
    // meanwhile (an inbox item resolved, a project removed) must not come back, empty.
    const beside = tempPathFor(abs);
    try {
      await createFileExclusive(beside, data, kept);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { ok: false, reason: 'missing' };
      throw err;
    }
    tmp = beside;
    if (!(await holds(original, expect))) return CHANGED;
    opts.beforeCommit?.();
    const swap = swapSync(original, abs, tmp, opts.hooks);
    switch (swap.kind) {
      case 'changed':
        return CHANGED;
      case 'theirs':
        await putBack(swap.aside, abs, swap.placed, depth, reswap);
        return CHANGED;
      case 'taken':
        keepOpen = true;
        dropName(swap.aside);
        fillGap({ handle: original }, abs, depth, reswap);
        return CHANGED;
      case 'no-links':
        try {
          await createFileExclusive(abs, data, kept);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
            putBackSync(swap.aside, abs);
            throw err;
          }
          keepOpen = true;
          dropName(swap.aside);
          fillGap({ handle: original }, abs, depth, reswap);
          return CHANGED;
        }
        break;
      case 'placed':
        break;
    }
    keepOpen = true;
    // The open handle keeps the replaced file readable: its name goes at once (a folder moved or
    // deleted right after must not carry it along).
    dropName(swap.aside);
    // The check of the replaced file runs on its own: callers do not wait out the settle time.
    watchReplaced(original, abs, data, expect, depth, reswap);
    return { ok: true };
  } finally {
    if (!keepOpen) await original.close();
    if (tmp) await unlink(tmp).catch(() => undefined);
  }
}

/** The repairs swap again to put the person's text back (never with the caller's hooks). */
const reswap: Reswap = (abs, data, expect, depth) => compareAndSwap(abs, data, expect, {}, depth);
