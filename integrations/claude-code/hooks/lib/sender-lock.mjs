import { createRequire } from 'node:module';
import path from 'node:path';

// node:fs is required, not imported: an ESM import of it builds its namespace from every export,
// lazy ones included (fs/promises, the stream modules), ~15 ms of a hook's start (knower-http.mjs).
const { linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } = createRequire(import.meta.url)('node:fs');

/** Past this a lock is taken over whatever its process: a sender's requests are bounded well within it. */
const STALE_MS = 10 * 60 * 1000;

const fileOf = (settings) => path.join(settings.dataDir, 'spool', '.sender.lock');

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err?.code === 'EPERM';
  }
}

/** Its process is gone, or it is older than any sender lives. */
function stale(file) {
  try {
    const lock = JSON.parse(readFileSync(file, 'utf8'));
    return !alive(lock.pid) || Date.now() - Date.parse(lock.at) > STALE_MS;
  } catch {
    try {
      return Date.now() - statSync(file).mtimeMs > STALE_MS;
    } catch {
      return true; // gone meanwhile
    }
  }
}

/**
 * One sender at a time, so that a capture is not sent twice at once (the Idempotency-Key would
 * catch it; this spares the service the second request). The lock is made whole and then linked
 * into place, which fails when one exists: a lock is never seen half-written. Returns the release
 * function, or undefined when a live sender holds the lock (it sends what this one would).
 */
export function takeSenderLock(settings) {
  const file = fileOf(settings);
  const temp = `${file}.${process.pid}`;
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(temp, JSON.stringify({ pid: process.pid, at: new Date().toISOString() }), { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        linkSync(temp, file);
        return () => rmSync(file, { force: true });
      } catch (err) {
        if (err?.code !== 'EEXIST' || !stale(file)) return undefined;
        rmSync(file, { force: true });
      }
    }
    return undefined;
  } finally {
    rmSync(temp, { force: true });
  }
}
