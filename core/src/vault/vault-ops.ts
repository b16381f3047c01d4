import { chmod, constants, copyFile, unlink } from 'node:fs/promises';
import { linkOrCopy } from './create-file.js';
import { filesystemOf } from './filesystem.js';

/** File operations beyond writeFileAtomic. They record nothing: a run's changes go through a VaultWriter. */

export const removeFile = (abs: string): Promise<void> => unlink(abs);

/**
 * A second name for a file (a copy where the filesystem has no hard links); fails with EEXIST
 * rather than overwrite (a move links, then removes the old name only while unchanged).
 */
export const linkFile = (fromAbs: string, toAbs: string): Promise<void> => linkOrCopy(fromAbs, toAbs);

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
