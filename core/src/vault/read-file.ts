import { constants } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';

const GONE = new Set(['ENOENT', 'EISDIR', 'ENOTDIR', 'ELOOP']);

/**
 * Opens a file for reading only if it is a regular file. A FIFO in the vault would otherwise
 * block the open until some writer appears, holding one of libuv's four threads each time: four
 * such reads froze every file operation of the service. So: look first (stat, which follows an
 * in-vault symlink to its target), open with O_NONBLOCK (in case a FIFO took the name since),
 * and check again on the open handle. Undefined when absent, a folder, or not a regular file.
 */
export async function openRegularFile(abs: string): Promise<FileHandle | undefined> {
  try {
    if (!(await stat(abs)).isFile()) return undefined;
    const handle = await open(abs, constants.O_RDONLY | constants.O_NONBLOCK);
    if ((await handle.stat()).isFile()) return handle;
    await handle.close();
    return undefined;
  } catch (err) {
    if (GONE.has((err as NodeJS.ErrnoException).code ?? '')) return undefined;
    throw err;
  }
}

/** Reads through an open handle until EOF (positional reads: the handle may outlive a rename). */
export async function readAllBytes(handle: FileHandle): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let position = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(64 * 1024);
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
    if (bytesRead === 0) break;
    chunks.push(chunk.subarray(0, bytesRead));
    position += bytesRead;
  }
  return Buffer.concat(chunks);
}

/** A regular file's bytes; undefined when it does not exist, is a folder, or is not a regular file. */
export async function readBytesIfExists(abs: string): Promise<Buffer | undefined> {
  const handle = await openRegularFile(abs);
  if (!handle) return undefined;
  try {
    return await readAllBytes(handle);
  } finally {
    await handle.close();
  }
}

/** A regular file as UTF-8 text; undefined when it does not exist (or is no regular file). */
export async function readTextIfExists(abs: string): Promise<string | undefined> {
  return (await readBytesIfExists(abs))?.toString('utf8');
}
