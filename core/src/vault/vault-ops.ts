import { constants, copyFile, unlink } from 'node:fs/promises';
import { linkOrCopy } from './create-file.js';

/** File operations beyond writeFileAtomic. They record nothing: a run's changes go through a VaultWriter. */

export const removeFile = (abs: string): Promise<void> => unlink(abs);

/**
 * A second name for a file (a copy where the filesystem has no hard links); fails with EEXIST
 * rather than overwrite (a move links, then removes the old name only while unchanged).
 */
export const linkFile = (fromAbs: string, toAbs: string): Promise<void> => linkOrCopy(fromAbs, toAbs);

/** Copies a file in from outside the vault, never overwriting (EEXIST). */
export const copyInto = (srcAbs: string, destAbs: string): Promise<void> => copyFile(srcAbs, destAbs, constants.COPYFILE_EXCL);
