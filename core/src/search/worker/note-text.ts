import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import { decodeNote } from '../../vault/note-reader.js';
import { wholeCharacters } from '../../vault/note-budget.js';

/** Snippets need the lines around a match, not whole books: a note is read up to this much. */
const MAX_READ = 1024 * 1024;

export interface NoteOnDisk {
  /** Its first megabyte. */
  text: string;
  /** Its whole size, in bytes. */
  size: number;
}

/**
 * A note's text as it is on disk now, for its snippet; undefined when it is gone or no longer a
 * regular file (a hit on it is dropped). The index keeps no copy of the text (the vault holds
 * it). Opened without blocking: a FIFO put in the note's place would otherwise hold the search
 * thread in open() until some writer came, for good (a thread inside a system call cannot be
 * ended). A symlink put there is not followed; a hit outside the vault is dropped by the service
 * (vault-guard). Text in another encoding is decoded as the note reader does; a binary note
 * has no text to show.
 */
export function readNoteText(root: string, rel: string): NoteOnDisk | undefined {
  let fd: number;
  try {
    fd = openSync(path.join(root, rel), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return undefined;
    const buffer = Buffer.alloc(Math.min(info.size, MAX_READ));
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    const decoded = decodeNote(buffer.subarray(0, read < info.size ? wholeCharacters(buffer, read) : read));
    return { text: decoded.encoding === 'binary' ? '' : decoded.text, size: info.size };
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
