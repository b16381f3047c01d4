import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import { decodeNote } from '../../vault/note-reader.js';

/** Snippets need the lines around a match, not whole books: a note is read up to this much. */
const MAX_READ = 1024 * 1024;

/**
 * A prefix of a long UTF-8 note may end inside a character, and would then not read as UTF-8:
 * the cut character goes (its lead byte and up to three continuation bytes).
 */
function wholeCharacters(bytes: Buffer): Buffer {
  for (let back = 1; back <= 4 && back <= bytes.length; back++) {
    const byte = bytes[bytes.length - back]!;
    if (byte >= 0xc0) return bytes.subarray(0, bytes.length - back);
    if ((byte & 0xc0) !== 0x80) break;
  }
  return bytes;
}

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
    const info = fstatSync(fd);
    if (!info.isFile()) return '';
    const buffer = Buffer.alloc(Math.min(info.size, MAX_READ));
    const bytes = buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0));
    const decoded = decodeNote(bytes.length < info.size ? wholeCharacters(bytes) : bytes);
    return decoded.encoding === 'binary' ? '' : decoded.text;
  } catch {
    return '';
  } finally {
    closeSync(fd);
  }
}
