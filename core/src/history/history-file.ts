import { lstat, readFile } from 'node:fs/promises';

/** Larger files stay out of the history (a video would bloat it for every version). */
export const MAX_FILE_BYTES = 32 * 1024 * 1024;

/** A vault file's bytes: null when absent, undefined when the history leaves it out (folder, symlink, too large). */
export async function readForHistory(abs: string): Promise<Buffer | null | undefined> {
  try {
    const info = await lstat(abs);
    if (!info.isFile() || info.size > MAX_FILE_BYTES) return undefined;
    return await readFile(abs);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw err;
  }
}
