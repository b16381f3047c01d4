import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** Every file under a folder (vault-relative), and the hidden entries the agent cannot see. */
export async function walkFolder(abs: string, rel: string): Promise<{ files: string[]; hidden: string[] }> {
  const files: string[] = [];
  const hidden: string[] = [];
  for (const d of await readdir(abs, { withFileTypes: true })) {
    const childRel = `${rel}/${d.name}`;
    if (d.name.startsWith('.')) hidden.push(childRel);
    else if (d.isDirectory()) {
      const inner = await walkFolder(path.join(abs, d.name), childRel);
      files.push(...inner.files);
      hidden.push(...inner.hidden);
    } else files.push(childRel);
  }
  return { files, hidden };
}

/** What is at a path now: a file, a folder, or nothing. Symlinks are judged by their target. */
export async function kindOf(abs: string): Promise<'file' | 'folder' | undefined> {
  try {
    return (await stat(abs)).isDirectory() ? 'folder' : 'file';
  } catch {
    return undefined;
  }
}
