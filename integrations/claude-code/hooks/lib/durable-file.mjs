import { createRequire } from 'node:module';
import path from 'node:path';

// node:fs is required, not imported: an ESM import of it builds its namespace from every export,
// lazy ones included (fs/promises, the stream modules), ~15 ms of a hook's start (knower-http.mjs).
const { closeSync, fsyncSync, mkdirSync, openSync, renameSync, writeSync } = createRequire(import.meta.url)('node:fs');

/**
 * Writes `text` so that a crash or a kill leaves either the old file or the new one, and the new
 * one on disk once this returns: temp file, fsync, rename, fsync of the folder. The plugin's
 * files hold what sessions said: the folder is the person's alone (0700, files 0600).
 */
export function writeDurably(file, text) {
  const dir = path.dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, file);
  syncFolder(dir);
}

/** A rename or an unlink is durable once its folder is synced (not every platform can open one). */
export function syncFolder(dir) {
  let fd;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Windows cannot open a folder: there the rename is as durable as the file system makes it
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
