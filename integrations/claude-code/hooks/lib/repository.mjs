import { createRequire } from 'node:module';
import path from 'node:path';

// node:fs is required, not imported: an ESM import of it builds its namespace from every export,
// lazy ones included (fs/promises, the stream modules), ~15 ms of a hook's start (knower-http.mjs).
const { statSync } = createRequire(import.meta.url)('node:fs');

/**
 * The repository a folder belongs to: the nearest folder upward holding `.git` (a folder, or a
 * file in worktrees and submodules), as `git rev-parse --show-toplevel` finds it, without
 * starting git. Outside any repository, the folder itself.
 */
export function repositoryRoot(cwd) {
  let dir = path.resolve(cwd);
  for (;;) {
    try {
      statSync(path.join(dir, '.git'));
      return dir;
    } catch {
      // not here; look one level up
    }
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(cwd);
    dir = parent;
  }
}

/** The repository's folder name: what a project under projects/ is matched against. */
export const repositoryName = (cwd) => path.basename(repositoryRoot(cwd));
