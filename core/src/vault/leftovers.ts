import { lstat, readdir, readFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { createIfAbsent } from './create-file.js';
import { versionKey } from './version-key.js';

/** `.<name>.<12 hex>.tmp|swap|undo`: what Knower's writes leave beside a note while they run. */
const LEFTOVER = /^\.(.+)\.[0-9a-f]{12}\.(tmp|swap|undo)$/;

export interface Leftovers {
  removed: string[];
  /** Versions put back under their own name (the note was missing) or beside it (`.restored`). */
  restored: string[];
}

/**
 * After a crash, what a write was doing is still on disk. A temp file holds Knower's own
 * version not yet in place: removed. A note moved aside (a swap, an undo) goes back to its name
 * if that is free, is dropped if the note there is the same text (job fields aside), and is
 * otherwise kept beside it as `<name>.restored`: never lost. Dot-folders are not entered
 * (Knower never writes there). Iterative: no depth of folders can overflow the stack.
 */
export async function cleanLeftovers(root: string): Promise<Leftovers> {
  const out: Leftovers = { removed: [], restored: [] };
  const stack = [root];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const d of entries) {
      const abs = path.join(dir, d.name);
      if (d.isDirectory()) {
        if (!d.name.startsWith('.')) stack.push(abs);
        continue;
      }
      const m = d.isFile() ? LEFTOVER.exec(d.name) : null;
      if (!m) continue;
      const rel = path.relative(root, abs);
      if (m[2] === 'tmp') {
        await unlink(abs).catch(() => undefined);
        out.removed.push(rel);
        continue;
      }
      const note = path.join(dir, m[1]!);
      const bytes = await readFile(abs);
      if (await createIfAbsent(note, bytes)) {
        await unlink(abs).catch(() => undefined);
        out.restored.push(path.relative(root, note));
        continue;
      }
      const current = (await lstat(note)).isFile() ? await readFile(note) : undefined;
      if (current && versionKey(current) === versionKey(bytes)) {
        await unlink(abs).catch(() => undefined);
        out.removed.push(rel);
      } else {
        await rename(abs, `${note}.restored`);
        out.restored.push(`${path.relative(root, note)}.restored`);
      }
    }
  }
  return out;
}
