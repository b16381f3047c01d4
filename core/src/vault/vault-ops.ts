import { chmod, constants, copyFile, readdir, rename, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { linkOrCopy } from './create-file.js';
import { filesystemOf } from './filesystem.js';

/** File operations beyond writeFileAtomic. They record nothing: a run's changes go through a VaultWriter. */

/** Every file below a folder (absolute paths). */
export async function filesUnder(abs: string): Promise<string[]> {
  const out: string[] = [];
  for (const d of await readdir(abs, { withFileTypes: true })) {
    const child = path.join(abs, d.name);
    if (d.isDirectory()) out.push(...(await filesUnder(child)));
    else out.push(child);
  }
  return out;
}

export const removeFile = (abs: string): Promise<void> => unlink(abs);

/**
 * Retried on ENOTEMPTY: the background job may be stamping a note in the folder, and its temp file
 * appears between rm's listing and its rmdir. The retry lists again and takes it too.
 */
export const removeTree = (abs: string): Promise<void> => rm(abs, { recursive: true, maxRetries: 5, retryDelay: 20 });

/**
 * A second name for a file (a copy where the filesystem has no hard links); fails with EEXIST
 * rather than overwrite (moves use linkFile + removeFile).
 */
export const linkFile = (fromAbs: string, toAbs: string): Promise<void> => linkOrCopy(fromAbs, toAbs);

export const renameTree = (fromAbs: string, toAbs: string): Promise<void> => rename(fromAbs, toAbs);

/**
 * Copies a file in from outside the vault (an upload kept with its update), never overwriting
 * (EEXIST). It gets the vault's file mode, not the private one of the state folder it came from.
 */
export async function copyInto(srcAbs: string, destAbs: string): Promise<void> {
  await copyFile(srcAbs, destAbs, constants.COPYFILE_EXCL);
  const mode = filesystemOf(destAbs).modes?.file;
  // A filesystem without permissions refuses: the copy keeps the source's, never wider.
  if (mode !== undefined) await chmod(destAbs, mode).catch(() => undefined);
}
