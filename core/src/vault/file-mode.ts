import type { Stats } from 'node:fs';
import { access, constants, type FileHandle } from 'node:fs/promises';

/** What a rewrite keeps of the file it replaces: its permission bits and its owner. */
export interface Ownership {
  mode: number;
  uid: number;
  gid: number;
}

export const ownershipOf = (info: Stats): Ownership => ({ mode: info.mode & 0o7777, uid: info.uid, gid: info.gid });

const isRoot = () => process.getuid?.() === 0;

/**
 * Gives a new file, about to replace another, the replaced file's mode and owner. A rewrite
 * renames a new file into place, made with the service's umask and user: a 0640 note came back
 * 0644 (readable by everyone), and a note of the person's came back owned by the service. Only
 * root can give a file to another user; any user can try to keep the group.
 */
export async function keepOwnership(handle: FileHandle, kept: Ownership): Promise<void> {
  const made = await handle.stat();
  if (made.uid !== kept.uid || made.gid !== kept.gid) {
    if (isRoot()) await handle.chown(kept.uid, kept.gid);
    else if (made.gid !== kept.gid) await handle.chown(made.uid, kept.gid).catch(() => undefined); // not a group of ours: ours stays
  }
  // After chown, which clears the set-id bits.
  await handle.chmod(kept.mode);
}

/**
 * A note nobody may write (no write bit at all: `chmod 444`), or that this process may not write,
 * is read-only: Knower never rewrites it. The rename a rewrite ends with needs only the folder's
 * permission, so the file's own is asked here. Root may write anything: for it, the write bits
 * alone say what the person meant.
 */
export async function isReadOnly(abs: string, info: Stats): Promise<boolean> {
  if ((info.mode & 0o222) === 0) return true;
  return access(abs, constants.W_OK).then(
    () => false,
    () => true,
  );
}
