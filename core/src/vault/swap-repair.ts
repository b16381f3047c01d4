import { readFile, unlink, type FileHandle } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { createIfAbsent } from './create-file.js';
import { splitNote } from './frontmatter.js';
import { withPathLock } from './path-lock.js';
import { readAllBytes, readBytesIfExists } from './read-file.js';
import { createFileExclusive } from './temp-file.js';
import { versionKey } from './version-key.js';

/** Long enough for a writer that opened the old file just before the swap to finish its write. */
const SETTLE_MS = 15;
/** Put-backs that race yet another save give up after this many rounds: the newer save stands. */
const MAX_DEPTH = 5;

/**
 * A compare-and-swap, handed in (the swap calls these repairs; they call it in turn). The repairs
 * work on bytes: what the person saved goes back exactly as saved, whatever its encoding.
 */
export type Reswap = (abs: string, data: Uint8Array, expect: Uint8Array, depth: number) => Promise<{ ok: boolean; reason?: string }>;

/** Pending repairs; `settleWrites()` waits for them (tests, shutdown). */
const settling = new Set<Promise<void>>();

export async function settleWrites(): Promise<void> {
  while (settling.size > 0) await Promise.all([...settling]);
}

function track(work: () => Promise<void>): void {
  const run = work().catch(() => undefined); // the vault moved or vanished meanwhile: nothing left to repair
  settling.add(run);
  void run.finally(() => settling.delete(run));
}

/**
 * Once a writer that opened the old file just before the swap has had time to finish, look at
 * the replaced file: anything written into it is the person's, and goes back in.
 */
export function watchReplaced(original: FileHandle, abs: string, ours: Uint8Array, expect: Uint8Array, depth: number, reswap: Reswap): void {
  track(async () => {
    try {
      await delay(SETTLE_MS);
      const replaced = await readAllBytes(original);
      if (!replaced.equals(expect) && depth < MAX_DEPTH) await restore(abs, ours, replaced, depth, reswap);
    } finally {
      await original.close().catch(() => undefined);
    }
  });
}

/**
 * A file removed as checked whose last name is gone: a writer that opened it just before the
 * removal may still write into it. Once it has had time to finish, anything that is not the
 * checked version is the person's and comes back, under its name if free, else beside it.
 */
export function watchRemoved(handle: FileHandle, abs: string, checked: string): void {
  track(async () => {
    try {
      await delay(SETTLE_MS);
      const bytes = await readAllBytes(handle);
      if (versionKey(bytes) === checked) return;
      if (!(await createIfAbsent(abs, bytes))) await createIfAbsent(`${abs}.restored`, bytes);
    } finally {
      await handle.close().catch(() => undefined);
    }
  });
}

/**
 * After a swap that raced an in-place write: the path holds `ours` plus whatever was appended
 * since; the replaced file holds the person's version. Put theirs back, keeping those appends.
 */
async function restore(abs: string, ours: Uint8Array, theirs: Buffer, depth: number, reswap: Reswap): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await readBytesIfExists(abs);
    // Deleted, or rewritten whole since: the newer action stands.
    if (current === undefined || !current.subarray(0, ours.length).equals(ours)) return;
    const outcome = await withPathLock(abs, () => reswap(abs, Buffer.concat([theirs, current.subarray(ours.length)]), current, depth + 1));
    if (outcome.ok || outcome.reason === 'missing') return;
  }
}

/** The first line of a version's body, decoded only to compare two versions (never written back). */
const firstLine = (bytes: Buffer) =>
  splitNote(bytes.toString('utf8').replace(/^\uFEFF/, ''))
    .body.split(/\r?\n/)
    .find((line) => line.trim() !== '') ?? '';

/**
 * Whether a file created at the note's path in the instant it was aside is a whole new version
 * (an editor's save: it starts the way the note did) or a fragment meant to follow the note (an
 * append that created the file afresh). Either way no word is lost: a fragment is put after the
 * note, a whole version stands and the note it replaced was the person's own previous save.
 */
const wholeVersion = (before: Buffer, now: Buffer) => before.toString('utf8').trim() === '' || firstLine(now) === firstLine(before);

/** Where the version displaced from the path is: an open handle on it, or a name beside the note. */
export type Displaced = { handle: FileHandle } | { aside: string };

/**
 * Something other than ours holds the path, and the version that was there (the note read, or a
 * save of theirs) is displaced: once writers are done, reconcile the two.
 */
export function fillGap(displaced: Displaced, abs: string, depth: number, reswap: Reswap): void {
  track(async () => {
    try {
      await delay(SETTLE_MS);
      const before = 'handle' in displaced ? await readAllBytes(displaced.handle) : await readFile(displaced.aside);
      for (let attempt = 0; attempt < 5; attempt++) {
        const now = await readBytesIfExists(abs);
        if (now === undefined) {
          if (await createIfAbsent(abs, before)) return;
          continue;
        }
        if (wholeVersion(before, now) || depth >= MAX_DEPTH) return;
        const outcome = await withPathLock(abs, () => reswap(abs, Buffer.concat([before, now]), now, depth + 1));
        if (outcome.ok) return;
      }
      // Still moving after every round: keep their earlier version beside the note, visibly.
      await createIfAbsent(`${abs}.restored`, before);
    } finally {
      if ('aside' in displaced) await unlink(displaced.aside).catch(() => undefined);
      else await displaced.handle.close().catch(() => undefined);
    }
  });
}

/** A save of theirs that was moved aside goes back; if its place was taken meanwhile, the two are reconciled. */
export async function putBack(aside: string, abs: string, placed: 'linked' | 'taken' | 'no-links', depth: number, reswap: Reswap): Promise<void> {
  if (placed === 'no-links') {
    try {
      await createFileExclusive(abs, await readFile(aside));
      placed = 'linked';
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  if (placed === 'linked') await unlink(aside).catch(() => undefined);
  else fillGap({ aside }, abs, depth, reswap);
}
