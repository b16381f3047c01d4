import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** Linux's PATH_MAX counts the final NUL: a path the kernel takes is at most 4,095 bytes. */
const PATH_MAX_BYTES = 4095;
/** NAME_MAX: no name of a watched folder may be longer (most filesystems refuse to make one). */
const NAME_MAX_BYTES = 255;
/** Folders listed at once while looking. */
const CONCURRENCY = 8;

const tooLong = (abs: string, name: string) => Buffer.byteLength(abs) > PATH_MAX_BYTES || Buffer.byteLength(name) > NAME_MAX_BYTES;

/**
 * The topmost folders under `root` that the system cannot watch: their path is past PATH_MAX or
 * their name past NAME_MAX, so inotify refuses them, and @parcel/watcher failed the whole
 * subscription for one of them. Worse, it walks the tree by recursion, one native stack frame a
 * level: a tree tens of thousands of levels deep overflowed its thread's stack (SIGSEGV, at every
 * start). Found first, they are left out of the watch, so its walk stops at them. Dot-folders are
 * not looked into: the watch ignores them. The walk is a queue, never recursion, and stops at the
 * first folder too long on each branch, so it never goes deeper than PATH_MAX allows.
 */
export async function findUnwatchableFolders(root: string): Promise<string[]> {
  const found: string[] = [];
  const queue = [root];
  async function look(dir: string): Promise<void> {
    try {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
        const abs = path.join(dir, entry.name);
        if (tooLong(abs, entry.name)) found.push(abs);
        else queue.push(abs);
      }
    } catch {
      // Gone, or unreadable: the watch skips it the same way.
    }
  }
  await new Promise<void>((resolve) => {
    let active = 0;
    const next = () => {
      while (active < CONCURRENCY && queue.length > 0) {
        active++;
        void look(queue.shift()!).then(() => {
          active--;
          next();
        });
      }
      if (active === 0) resolve();
    };
    next();
  });
  return found.sort();
}
