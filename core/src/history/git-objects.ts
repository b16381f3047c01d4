import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { deflate } from 'node:zlib';

const deflateAsync = promisify(deflate);

export type ObjectType = 'blob' | 'tree' | 'commit';

const header = (type: ObjectType, bytes: Uint8Array) => Buffer.from(`${type} ${bytes.length}\0`);

/** The id git gives these bytes as an object of `type` (what `git hash-object -t type` prints). */
export function objectIdOf(type: ObjectType, bytes: Uint8Array): string {
  return createHash('sha1').update(header(type, bytes)).update(bytes).digest('hex');
}

/** The id git gives these bytes as a blob (what `git hash-object` prints). */
export const blobId = (bytes: Uint8Array): string => objectIdOf('blob', bytes);

/**
 * Objects larger than this are stored loose without compression (zlib's stored blocks: git reads
 * them as any other). A folder of 30k notes is a 1.8 MB tree that every commit under it writes
 * anew; compressing it cost ~20 ms a commit, for ~0.8 MB saved until the history packs its loose
 * objects (history-service.ts: once they take room, which keeps the disk they use bounded).
 */
export const STORE_ABOVE_BYTES = 256 * 1024;

/**
 * Stores bytes as a loose object, exactly as `git hash-object -w` does (zlib of "<type> <size>\0"
 * + bytes under objects/xx/…), without a process per object: a commit's blobs and trees and a
 * first snapshot of 100k notes cost no spawns. Written to a temp name and renamed, so a crash
 * never leaves half an object under its id.
 */
export async function writeObject(gitDir: string, type: ObjectType, bytes: Uint8Array): Promise<string> {
  const id = objectIdOf(type, bytes);
  const dir = path.join(gitDir, 'objects', id.slice(0, 2));
  const file = path.join(dir, id.slice(2));
  if (
    await access(file).then(
      () => true,
      () => false,
    )
  )
    return id;
  await mkdir(dir, { recursive: true });
  // git's own temp prefix: `git gc` clears any a crash leaves behind.
  const tmp = path.join(dir, `tmp_obj_${randomBytes(6).toString('hex')}`);
  try {
    const level = bytes.length > STORE_ABOVE_BYTES ? 0 : 1;
    await writeFile(tmp, await deflateAsync(Buffer.concat([header(type, bytes), bytes]), { level }), { mode: 0o444 });
    await rename(tmp, file);
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
  return id;
}

export const writeBlob = (gitDir: string, bytes: Uint8Array): Promise<string> => writeObject(gitDir, 'blob', bytes);
