import { lstat, readFile } from 'node:fs/promises';
import { withPathLock } from '../vault/index.js';

/** Larger files stay out of the history (a video would bloat it for every version). */
export const MAX_FILE_BYTES = 32 * 1024 * 1024;

/**
 * A vault file's bytes: null when absent, undefined when the history leaves it out (folder,
 * symlink, too large). Absent may also mean caught in the instant one of this process's own
 * writes has the file aside (a compare-and-swap renames the note away, then links the new
 * version in): it is looked at again once the writes in flight at this path are done, so a
 * stamp or a changelog entry is never committed as the person deleting the note.
 */
export async function readForHistory(abs: string): Promise<Buffer | null | undefined> {
  const bytes = await readOnce(abs);
  return bytes === null ? withPathLock(abs, () => readOnce(abs)) : bytes;
}

async function readOnce(abs: string): Promise<Buffer | null | undefined> {
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
