import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { NOTE_BUDGET_BYTES, wholeCharacters } from '../../vault/note-budget.js';

/** A note over the budget streams through in pieces this large: only one is held at a time. */
const CHUNK_BYTES = 1024 * 1024;

export interface NoteFile {
  /** The note's bytes, up to the budget (cut before a character the budget splits). */
  head: Buffer;
  /** The rest of a note over the budget, read from the file a piece at a time as it is iterated. */
  rest?: Iterable<string>;
  /** The file's size when it was opened. */
  size: number;
}

/** Reads `length` bytes from `position`, fewer at the end of the file. */
function readAt(fd: number, buffer: Buffer, length: number, position: number): number {
  let done = 0;
  while (done < length) {
    const n = readSync(fd, buffer, done, length - done, position + done);
    if (n === 0) break;
    done += n;
  }
  return done;
}

function* restOf(fd: number, from: number, decoder: StringDecoder): Generator<string> {
  const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  for (let position = from; ;) {
    const n = readAt(fd, chunk, CHUNK_BYTES, position);
    if (n === 0) break;
    position += n;
    yield decoder.write(chunk.subarray(0, n));
  }
  yield decoder.end();
}

/**
 * Opens a note for indexing and hands it to `use` while it is open; undefined when it is gone
 * or is no regular file. Non-blocking and without following a last symlink: a FIFO or a link
 * that took the name after the scanner looked can neither hang the read nor lead elsewhere,
 * and the open file is checked again. Never more than the budget is held (note-budget.ts): a
 * larger note's rest streams through `rest`, one piece at a time, while `use` runs.
 */
export function withNoteFile<T>(abs: string, use: (note: NoteFile) => T, budget = NOTE_BUDGET_BYTES): T | undefined {
  let fd: number;
  try {
    fd = openSync(abs, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch {
    return undefined;
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return undefined;
    const head = Buffer.allocUnsafe(Math.min(info.size, budget));
    const n = readAt(fd, head, head.length, 0);
    if (info.size <= budget) return use({ head: head.subarray(0, n), size: info.size });
    // A character the budget cuts in two is left out of the head: the decoder starts the rest with it.
    const cut = wholeCharacters(head, n);
    const decoder = new StringDecoder('utf8');
    decoder.write(head.subarray(cut, n));
    return use({ head: head.subarray(0, cut), rest: restOf(fd, n, decoder), size: info.size });
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
