import { NOTE_BUDGET_BYTES, wholeCharacters } from './note-budget.js';
import { openRegularFile } from './read-file.js';

export interface FileHead {
  /** Up to the budget, cut before a character the budget would split. */
  bytes: Buffer;
  /** The whole file's size: more than `bytes` holds when the file goes on past the budget. */
  size: number;
}

/**
 * The start of a regular file, at most `max` bytes of it (the per-note budget), and its size:
 * what outline and section read of a note, so a 187 MB note costs what 4 MB does. Undefined
 * when absent, a folder, or not a regular file (a FIFO is never waited on).
 */
export async function readHead(abs: string, max = NOTE_BUDGET_BYTES): Promise<FileHead | undefined> {
  const handle = await openRegularFile(abs);
  if (!handle) return undefined;
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.allocUnsafe(Math.min(size, max));
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    const end = size > max ? wholeCharacters(buffer, filled) : filled;
    return { bytes: buffer.subarray(0, end), size };
  } finally {
    await handle.close();
  }
}
