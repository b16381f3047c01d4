import { constants, copyFile, link, readdir, readFile, rename, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { journalChange } from './write-journal.js';

/**
 * File operations beyond writeFileAtomic, each recorded in the run's journal (if any) before
 * it happens. Vault code mutates files only through these and writeFileAtomic.
 */

async function filesUnder(abs: string): Promise<string[]> {
  const out: string[] = [];
  for (const d of await readdir(abs, { withFileTypes: true })) {
    const child = path.join(abs, d.name);
    if (d.isDirectory()) out.push(...(await filesUnder(child)));
    else out.push(child);
  }
  return out;
}

export async function removeFile(abs: string): Promise<void> {
  await journalChange(abs, null);
  await unlink(abs);
}

export async function removeTree(abs: string): Promise<void> {
  for (const file of await filesUnder(abs)) await journalChange(file, null);
  await rm(abs, { recursive: true });
}

/** A second name for a file; fails with EEXIST rather than overwrite (moves use link + removeFile). */
export async function linkFile(fromAbs: string, toAbs: string): Promise<void> {
  await undoable(journalChange(toAbs, await readFile(fromAbs), null), () => link(fromAbs, toAbs));
}

export async function renameTree(fromAbs: string, toAbs: string): Promise<void> {
  for (const file of await filesUnder(fromAbs)) {
    const bytes = await readFile(file);
    await journalChange(file, null, bytes);
    await journalChange(path.join(toAbs, path.relative(fromAbs, file)), bytes, null);
  }
  await rename(fromAbs, toAbs);
}

/** Copies a file in from outside the vault, never overwriting (EEXIST). */
export async function copyInto(srcAbs: string, destAbs: string): Promise<void> {
  await undoable(journalChange(destAbs, await readFile(srcAbs), null), () => copyFile(srcAbs, destAbs, constants.COPYFILE_EXCL));
}

/** Runs a change that may be refused (EEXIST); a refused change leaves no journal entry. */
async function undoable(recorded: Promise<() => Promise<void>>, change: () => Promise<void>): Promise<void> {
  const cancel = await recorded;
  try {
    await change();
  } catch (err) {
    await cancel();
    throw err;
  }
}
