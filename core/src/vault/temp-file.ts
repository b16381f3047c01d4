import { randomBytes } from 'node:crypto';
import { open, unlink } from 'node:fs/promises';
import path from 'node:path';
import { keepOwnership, type Ownership } from './file-mode.js';
import { makeFolders } from './file-modes.js';
import { filesystemOf } from './filesystem.js';

/**
 * Temp and aside files are dotfiles in the same folder: invisible to the watcher and every
 * listing, on the same filesystem for rename. `.tmp` and `.swap` leftovers of a crash are
 * removed at the next start (see leftovers.ts).
 */
export function tempPathFor(abs: string, kind: 'tmp' | 'swap' = 'tmp'): string {
  return path.join(path.dirname(abs), `.${path.basename(abs)}.${randomBytes(6).toString('hex')}.${kind}`);
}

/**
 * Creates `file` (never over an existing one: EEXIST) holding `data`, fsynced. A new file gets
 * what its filesystem gives new files (the vault's modes); with `kept`, the mode and owner of the
 * file it is to replace. On any failure (a full disk, say) the half-written file is removed
 * before the error is passed on.
 */
export async function createFileExclusive(file: string, data: string | Uint8Array, kept?: Ownership): Promise<void> {
  const mode = kept ? kept.mode : filesystemOf(file).modes?.file;
  const handle = await open(file, 'wx', mode);
  try {
    // open's mode passes through the umask (the service's is 077): the vault's own is set as such.
    // A filesystem without permissions refuses; what the umask gave stays, never wider.
    if (mode !== undefined) await handle.chmod(mode).catch(() => undefined);
    await handle.writeFile(data);
    if (kept) await keepOwnership(handle, kept);
    await handle.sync();
  } catch (err) {
    await handle.close().catch(() => undefined);
    await unlink(file).catch(() => undefined);
    throw err;
  }
  await handle.close();
}

/** The data in a new temp file beside `abs`, fsynced (mode and owner `kept`, if given): ready to be renamed or linked into place. */
export async function writeTemp(abs: string, data: string | Uint8Array, kept?: Ownership): Promise<string> {
  await makeFolders(path.dirname(abs));
  const tmp = tempPathFor(abs);
  await createFileExclusive(tmp, data, kept);
  return tmp;
}
