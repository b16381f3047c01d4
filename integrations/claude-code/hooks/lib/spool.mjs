import { createRequire } from 'node:module';
import path from 'node:path';
import { syncFolder, writeDurably } from './durable-file.mjs';

// node:fs is required, not imported: an ESM import of it builds its namespace from every export,
// lazy ones included (fs/promises, the stream modules), ~15 ms of a hook's start (knower-http.mjs).
const { mkdirSync, readdirSync, readFileSync, renameSync, rmSync } = createRequire(import.meta.url)('node:fs');

/**
 * Captures waiting to be sent: one file per session and transcript range, written durably by
 * the capture hook before it returns, removed by the sender once Knower has accepted it. A
 * capture that Knower refuses for good (a 4xx other than a refused token) is set aside in
 * `rejected/`, kept for the person to read, never retried.
 *
 * An entry: { key (the Idempotency-Key), session, n (its range's number in the session),
 * lastUuid, event, cwd, repo, branch, project (KNOWER_PROJECT then), capturedAt, maxChars,
 * removed: { secrets, privateBlocks }, body, text (once sealed: the exact text sent, so a
 * retry sends the same bytes under the same key) }.
 */
const folder = (settings) => path.join(settings.dataDir, 'spool');
const safe = (session) => session.replace(/[^\w.-]/g, '_');
const fileName = (session, n) => `${safe(session)}.${String(n).padStart(6, '0')}.json`;

export function spoolCapture(settings, entry) {
  writeDurably(path.join(folder(settings), fileName(entry.session, entry.n)), JSON.stringify(entry));
}

/** The captures waiting, oldest first; a file that cannot be read is skipped (a write in progress is a temp file). */
export function pendingCaptures(settings, session) {
  let names;
  try {
    names = readdirSync(folder(settings)).filter((n) => n.endsWith('.json') && (session === undefined || n.startsWith(`${safe(session)}.`)));
  } catch {
    return [];
  }
  const entries = [];
  for (const name of names) {
    try {
      const entry = JSON.parse(readFileSync(path.join(folder(settings), name), 'utf8'));
      if (entry && typeof entry.key === 'string' && typeof entry.session === 'string' && Number.isInteger(entry.n)) entries.push({ name, entry });
    } catch {
      // damaged: left where it is, for the person to see
    }
  }
  return entries.sort((a, b) => String(a.entry.capturedAt).localeCompare(String(b.entry.capturedAt)) || a.entry.n - b.entry.n);
}

export const hasPendingCaptures = (settings) => {
  try {
    return readdirSync(folder(settings)).some((n) => n.endsWith('.json'));
  } catch {
    return false;
  }
};

/** The text about to be sent, kept with the entry before it is sent. */
export function sealCapture(settings, name, entry) {
  writeDurably(path.join(folder(settings), name), JSON.stringify(entry));
}

export function removeCapture(settings, name) {
  rmSync(path.join(folder(settings), name), { force: true });
  syncFolder(folder(settings));
}

export function setCaptureAside(settings, name) {
  const aside = path.join(folder(settings), 'rejected');
  mkdirSync(aside, { recursive: true, mode: 0o700 });
  renameSync(path.join(folder(settings), name), path.join(aside, name));
  syncFolder(folder(settings));
}
