import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { isHistoryPath } from './run-changes.js';

/** Every file the history keeps: plain files only (links are never followed), no dot-entries, no tree.md. */
export async function scanVault(root: string): Promise<string[]> {
  return scanFolder(root, '');
}

/** The same, below one folder of the vault ('' for all of it). */
export async function scanFolder(root: string, folder: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(dir: string, rel: string): Promise<void> {
    for (const d of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (d.name.startsWith('.')) continue;
      const childRel = rel ? `${rel}/${d.name}` : d.name;
      if (d.isDirectory()) await walk(path.join(dir, d.name), childRel);
      else if (d.isFile() && isHistoryPath(childRel)) out.push(childRel);
    }
  }
  await walk(folder ? path.join(root, folder) : root, folder);
  return out;
}
