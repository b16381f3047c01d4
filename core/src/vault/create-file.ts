import { readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { makeFolders } from './file-modes.js';
import { filesystemOf, learnNoHardLinks, noHardLinks } from './filesystem.js';
import { createFileExclusive, writeTemp } from './temp-file.js';

const code = (err: unknown) => (err as NodeJS.ErrnoException).code;

/**
 * Gives the file `from` the name `to` as well, never over an existing file: 'taken' when `to`
 * exists, 'no-links' when the filesystem has no hard links (the caller copies instead).
 */
export function linkNoClobber(from: string, to: string): 'linked' | 'taken' | 'no-links' {
  try {
    filesystemOf(to).ops.link(from, to);
    return 'linked';
  } catch (err) {
    if (code(err) === 'EEXIST') return 'taken';
    if (!noHardLinks(err)) throw err;
    learnNoHardLinks(to);
    return 'no-links';
  }
}

/**
 * Creates `abs` holding `data` unless something is there already (false then). With hard links
 * the complete file appears at once (a temp file linked into place); without them (exFAT, FAT,
 * some network mounts) it is created with O_EXCL, then written: never over anything either way.
 */
export async function createIfAbsent(abs: string, data: string | Uint8Array, beforeCommit?: () => void): Promise<boolean> {
  if (filesystemOf(abs).hardLinks) {
    const tmp = await writeTemp(abs, data);
    try {
      beforeCommit?.();
      const linked = linkNoClobber(tmp, abs);
      if (linked !== 'no-links') return linked === 'linked';
    } finally {
      await unlink(tmp).catch(() => undefined);
    }
  }
  await makeFolders(path.dirname(abs));
  beforeCommit?.();
  try {
    await createFileExclusive(abs, data);
    return true;
  } catch (err) {
    if (code(err) === 'EEXIST') return false;
    throw err;
  }
}

/** A second name for a file, or where there are no hard links a copy: EEXIST rather than overwrite. */
export async function linkOrCopy(from: string, to: string): Promise<void> {
  const linked = filesystemOf(to).hardLinks ? linkNoClobber(from, to) : 'no-links';
  if (linked === 'linked') return;
  if (linked === 'taken') throw Object.assign(new Error(`EEXIST: file already exists, link '${from}' -> '${to}'`), { code: 'EEXIST' });
  await createFileExclusive(to, await readFile(from));
}
