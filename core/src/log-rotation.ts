import { copyFileSync, fstatSync, ftruncateSync, renameSync, rmSync, statSync } from 'node:fs';

/** Rotated copies kept beside the log: core.log.1 (the newest) to core.log.3. */
const KEPT_LOGS = 3;
const CHECK_MS = 30_000;

/**
 * When the log the process writes to (through `fd`, opened for appending by `knower start`) has
 * grown past `maxBytes`: core.log.2 → .3, .1 → .2, a copy to .1, and the log emptied in place.
 * Emptied, not replaced: the process keeps writing through the same descriptor, which appends
 * at the new end. True when it rotated.
 */
export function rotateIfLarge(file: string, fd: number, maxBytes: number, keep = KEPT_LOGS): boolean {
  if (maxBytes <= 0) return false;
  const open = fstatSync(fd);
  // Only the file this descriptor writes to: a log file setting that names another is left alone.
  let named;
  try {
    named = statSync(file);
  } catch {
    return false;
  }
  if (!open.isFile() || open.ino !== named.ino || open.dev !== named.dev || open.size <= maxBytes) return false;
  rmSync(`${file}.${String(keep)}`, { force: true });
  for (let i = keep - 1; i >= 1; i--) {
    try {
      renameSync(`${file}.${String(i)}`, `${file}.${String(i + 1)}`);
    } catch {
      // Not there yet: fewer rotations so far.
    }
  }
  copyFileSync(file, `${file}.1`);
  ftruncateSync(fd, 0);
  return true;
}

/** Checks the log every 30 s (a service writes ~0.5 kB per request: it cannot outrun that by much). */
export function startLogRotation(file: string, maxBytes: number, onRotated: () => void): () => void {
  if (maxBytes <= 0) return () => undefined;
  // fd 1: what `knower start` gave the service as stdout (and stderr), its log file.
  const check = () => {
    try {
      if (rotateIfLarge(file, 1, maxBytes)) onRotated();
    } catch {
      // A log that cannot be rotated (a full disk, permissions) must not stop the service.
    }
  };
  check();
  const timer = setInterval(check, CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
