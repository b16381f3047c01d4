import { constants } from 'node:fs';
import { open, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { resolveVaultPath } from './resolve-vault-path.js';

/** The real path of a vault file that passes the sandbox check, or undefined. */
async function realInside(root: string, rel: string): Promise<string | undefined> {
  const resolved = await resolveVaultPath(root, rel);
  if (!resolved.ok) return undefined;
  const real = await realpath(resolved.abs).catch(() => undefined);
  if (real === undefined || !real.startsWith(root + path.sep)) return undefined;
  return real;
}

/**
 * True when `rel` is a regular file inside the vault, reached through the one path check
 * (a symlink may point elsewhere in the vault, never outside it).
 */
export async function isVaultFile(root: string, rel: string): Promise<boolean> {
  const real = await realInside(root, rel);
  if (real === undefined) return false;
  return (await stat(real).catch(() => undefined))?.isFile() ?? false;
}

/**
 * A vault file's bytes, read through the one path check; undefined when the path is refused,
 * missing, or not a regular file. The real path is opened without following a last symlink
 * (swapped in after the check) and without blocking (a FIFO would hang the read), then
 * checked again on the open handle.
 */
export async function readVaultBytes(root: string, rel: string): Promise<Buffer | undefined> {
  const real = await realInside(root, rel);
  if (real === undefined) return undefined;
  const handle = await open(real, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0)).catch(() => undefined);
  if (!handle) return undefined;
  try {
    if (!(await handle.stat()).isFile()) return undefined;
    return await readBytes(handle);
  } finally {
    await handle.close();
  }
}

async function readBytes(handle: Awaited<ReturnType<typeof open>>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let position = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(64 * 1024);
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
    if (bytesRead === 0) break;
    chunks.push(chunk.subarray(0, bytesRead));
    position += bytesRead;
  }
  return Buffer.concat(chunks);
}
