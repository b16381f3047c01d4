import { createRequire } from 'node:module';
import path from 'node:path';
import { writeDurably } from './durable-file.mjs';
import { pendingCaptures } from './spool.mjs';

// node:fs is required, not imported: an ESM import of it builds its namespace from every export,
// lazy ones included (fs/promises, the stream modules), ~15 ms of a hook's start (knower-http.mjs).
const { readFileSync } = createRequire(import.meta.url)('node:fs');

/**
 * How far each session has been captured: the uuid of the last transcript entry a capture
 * covered, and the number of that capture in the session. A capture counts from the moment it
 * is in the spool, not when Knower has it: a session resumed, compacted twice or ended after a
 * PreCompact takes only what is new, even while earlier captures wait to be sent.
 *
 * The spool entry is written first and is the proof: a hook killed between the two writes
 * leaves the entry, which counts here, and the sender brings this file up to it before it
 * removes a sent entry. So no range is captured twice, and none is skipped.
 */
const fileOf = (settings, session) => path.join(settings.dataDir, 'captured', `${session.replace(/[^\w.-]/g, '_')}.json`);

function saved(settings, session) {
  try {
    const state = JSON.parse(readFileSync(fileOf(settings, session), 'utf8'));
    if (typeof state?.lastUuid !== 'string') return { n: 0 };
    // Files from before captures were numbered hold only the uuid.
    return { lastUuid: state.lastUuid, n: Number.isInteger(state.n) ? state.n : 0 };
  } catch {
    return { n: 0 };
  }
}

export function capturedSoFar(settings, session) {
  let latest = saved(settings, session);
  for (const { entry } of pendingCaptures(settings, session)) if (entry.n > latest.n) latest = { lastUuid: entry.lastUuid, n: entry.n };
  return latest;
}

/** After a capture is spooled, or once it is sent: never moves back. */
export function rememberCaptured(settings, session, { lastUuid, n }) {
  if (saved(settings, session).n >= n) return;
  writeDurably(fileOf(settings, session), JSON.stringify({ lastUuid, n, at: new Date().toISOString() }));
}
