import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import path from 'node:path';

/** Snippets need the lines around a match, not whole books: a note is read up to this much. */
const MAX_READ = 1024 * 1024;

/**
 * A note's text as it is on disk now, for its snippet; '' when it is gone or not a regular file.
 * The index keeps no copy of the text (the vault holds it). A symlink put in the note's place
 * is not followed; a hit outside the vault is dropped by the service (vault-guard).
 */
export function readNoteText(root: string, rel: string): string {
  let fd: number;
  try {
    fd = openSync(path.join(root, rel), constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    return '';
  }
  try {
    if (!fstatSync(fd).isFile()) return '';
    const buffer = Buffer.alloc(Math.min(fstatSync(fd).size, MAX_READ));
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.toString('utf8', 0, read);
  } catch {
    return '';
  } finally {
    closeSync(fd);
  }
}
