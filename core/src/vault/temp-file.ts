import { randomBytes } from 'node:crypto';
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';

/** Temp files are dotfiles in the same folder: invisible to the watcher, same filesystem for rename. */
function tempPathFor(abs: string): string {
  return path.join(path.dirname(abs), `.${path.basename(abs)}.${randomBytes(6).toString('hex')}.tmp`);
}

/** The data in a new temp file beside `abs`, fsynced: ready to be renamed over it. */
export async function writeTemp(abs: string, data: string | Uint8Array): Promise<string> {
  await mkdir(path.dirname(abs), { recursive: true });
  const tmp = tempPathFor(abs);
  const handle = await open(tmp, 'wx');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return tmp;
}
