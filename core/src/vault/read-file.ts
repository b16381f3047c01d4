import { readFile } from 'node:fs/promises';

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
