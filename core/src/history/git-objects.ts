import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { deflate } from 'node:zlib';

const deflateAsync = promisify(deflate);

const header = (bytes: Uint8Array) => Buffer.from(`blob ${bytes.length}\0`);

/** The id git gives these bytes as a blob (what `git hash-object` prints). */
export function blobId(bytes: Uint8Array): string {
  return createHash('sha1').update(header(bytes)).update(bytes).digest('hex');
}

/**
 * Stores bytes as a loose blob, exactly as `git hash-object -w` does (zlib of "blob <size>\0"
 * + bytes under objects/xx/…), without a process per file: a commit's blobs and a first
 * snapshot of 10k notes cost no spawns. Written to a temp name and renamed, so a crash never
 * leaves half an object under its id.
 */
export async function writeBlob(gitDir: string, bytes: Uint8Array): Promise<string> {
  const id = blobId(bytes);
  const dir = path.join(gitDir, 'objects', id.slice(0, 2));
  const file = path.join(dir, id.slice(2));
  if (await access(file).then(() => true, () => false)) return id;
  await mkdir(dir, { recursive: true });
  // git's own temp prefix: `git gc` clears any a crash leaves behind.
  const tmp = path.join(dir, `tmp_obj_${randomBytes(6).toString('hex')}`);
  try {
    await writeFile(tmp, await deflateAsync(Buffer.concat([header(bytes), bytes]), { level: 1 }), { mode: 0o444 });
    await rename(tmp, file);
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
  return id;
}
