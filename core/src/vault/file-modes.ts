import { chmod, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { filesystemOf, type NewModes } from './filesystem.js';

/**
 * What the vault's own folder implies, never wider than the person's umask makes their own files:
 * a 0755 vault (umask 022) gets 0644 notes and 0755 folders, as before; a 0700 vault 0600 and
 * 0700; a group-shared 0770 vault (umask 007) 0660 and 0770. The service runs with umask 077 so
 * that its state is private (main.ts): without these modes every note it made would be 0600,
 * even in a vault shared on purpose. The owner can always read and write what it made.
 */
export function modesFor(vaultMode: number, umask: number): NewModes {
  return { file: (0o666 & vaultMode & ~umask) | 0o600, folder: (0o777 & vaultMode & ~umask) | 0o700 };
}

/**
 * Gives a folder `mode`, keeping its special bits (a setgid vault's folders stay setgid). A
 * filesystem without permissions (FAT, some network mounts) refuses: what the umask gave stays,
 * which is never wider.
 */
async function setFolderMode(dir: string, mode: number): Promise<void> {
  try {
    const now = (await stat(dir)).mode;
    if ((now & 0o777) !== mode) await chmod(dir, (now & 0o7000) | mode);
  } catch {
    // Left as created: narrower, never wider.
  }
}

/** `mkdir -p`, each folder it creates given `mode` (by default, in the vault, the vault's folder mode). */
export async function makeFolders(dir: string, mode = filesystemOf(dir).modes?.folder): Promise<void> {
  const first = await mkdir(dir, { recursive: true });
  if (first === undefined || mode === undefined) return;
  for (let at = dir; at.length >= first.length && at !== path.dirname(at); at = path.dirname(at)) await setFolderMode(at, mode);
}

/** One new folder (EEXIST when it is there already: "it already exists" stays atomic), given the vault's folder mode. */
export async function makeFolder(dir: string, mode = filesystemOf(dir).modes?.folder): Promise<void> {
  await mkdir(dir);
  if (mode !== undefined) await setFolderMode(dir, mode);
}
