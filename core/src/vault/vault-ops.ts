import { constants, copyFile, readdir, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { linkOrCopy } from './create-file.js';

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
 * rather than overwrite (a move links, then removes the old name only while unchanged).
 */
export const linkFile = (fromAbs: string, toAbs: string): Promise<void> => linkOrCopy(fromAbs, toAbs);

/** Copies a file in from outside the vault, never overwriting (EEXIST). */
export const copyInto = (srcAbs: string, destAbs: string): Promise<void> => copyFile(srcAbs, destAbs, constants.COPYFILE_EXCL);
