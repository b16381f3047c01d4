import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';

/** The first bytes of a received file: enough to tell its kind. */
const HEAD_BYTES = 64 * 1024;

/** A file streamed to disk as it arrived: never held whole in memory. */
export interface ReceivedFile {
  /** Absolute path of the bytes, in the store's incoming folder until an update takes them. */
  file: string;
  size: number;
  sha256: string;
  head: Buffer;
  /** Every byte is UTF-8 text without NUL bytes. */
  utf8: boolean;
}

export type Receive = { ok: true; received: ReceivedFile } | { ok: false; tooLarge: true };

/**
 * Streams `source` into a new file under `dir`, hashing it and checking it is UTF-8 text on the
 * way. Past `maxBytes` it stops reading and removes what it wrote: an upload of any size costs at
 * most `maxBytes` of disk and a chunk of memory.
 */
export async function receiveFile(dir: string, source: Readable, maxBytes: number): Promise<Receive> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, randomBytes(8).toString('hex'));
  const hash = createHash('sha256');
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const headParts: Buffer[] = [];
  let size = 0;
  let headSize = 0;
  let utf8 = true;
  let tooLarge = false;
  const out = createWriteStream(file, { flags: 'wx' });
  const inspect = new Writable({
    write(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) {
        tooLarge = true;
        done(new Error('too large'));
        return;
      }
      hash.update(chunk);
      if (headSize < HEAD_BYTES) {
        headParts.push(chunk.subarray(0, HEAD_BYTES - headSize));
        headSize += Math.min(chunk.length, HEAD_BYTES - headSize);
      }
      if (utf8) {
        try {
          if (chunk.includes(0)) utf8 = false;
          else decoder.decode(chunk, { stream: true });
        } catch {
          utf8 = false;
        }
      }
      out.write(chunk, done);
    },
    final(done) {
      out.end(done);
    },
  });
  try {
    await pipeline(source, inspect);
  } catch (err) {
    out.destroy();
    await rm(file, { force: true });
    if (tooLarge) return { ok: false, tooLarge: true };
    throw err;
  }
  if (utf8) {
    try {
      decoder.decode();
    } catch {
      utf8 = false;
    }
  }
  return { ok: true, received: { file, size, sha256: hash.digest('hex'), head: Buffer.concat(headParts), utf8 } };
}
