import { open, readFile, type FileHandle } from 'node:fs/promises';

/** A file's bytes; undefined when it does not exist or is a folder. */
export async function readBytesIfExists(abs: string): Promise<Buffer | undefined> {
  try {
    return await readFile(abs);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return undefined;
    throw err;
  }
}

/** Reads through an open handle until EOF (positional reads: the handle may outlive a rename). */
export async function readAll(handle: FileHandle): Promise<string> {
  const chunks: Buffer[] = [];
  let position = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(64 * 1024);
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
    if (bytesRead === 0) break;
    chunks.push(chunk.subarray(0, bytesRead));
    position += bytesRead;
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads a file as UTF-8 text; undefined when it does not exist. */
export async function readTextIfExists(abs: string): Promise<string | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(abs, 'r');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return undefined;
    throw err;
  }
  try {
    return await readAll(handle);
  } finally {
    await handle.close();
  }
}
