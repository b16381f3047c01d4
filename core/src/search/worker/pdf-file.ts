import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

/** What the index reads of a PDF: its bytes, or its size alone when it is over the bound. */
export type PdfFile = { bytes: Buffer; size: number; mtimeMs: number } | { tooLarge: true; size: number; mtimeMs: number };

/**
 * Reads a PDF of the vault for indexing, off the lane's event loop (the read is asynchronous);
 * undefined when it is gone or no regular file. Non-blocking and without following a last
 * symlink, as notes are read (note-file.ts): a FIFO or link put in its place is never read.
 */
export async function readPdfFile(abs: string, maxBytes: number): Promise<PdfFile | undefined> {
  let handle;
  try {
    handle = await open(abs, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch {
    return undefined;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return undefined;
    if (info.size > maxBytes) return { tooLarge: true, size: info.size, mtimeMs: info.mtimeMs };
    const bytes = Buffer.alloc(info.size);
    let done = 0;
    while (done < bytes.length) {
      const { bytesRead } = await handle.read(bytes, done, bytes.length - done, done);
      if (bytesRead === 0) break;
      done += bytesRead;
    }
    return { bytes: bytes.subarray(0, done), size: info.size, mtimeMs: info.mtimeMs };
  } catch {
    return undefined;
  } finally {
    await handle.close();
  }
}
