import { createRequire } from 'node:module';
import path from 'node:path';
import { writeDurably } from './durable-file.mjs';

// node:fs is required, not imported: an ESM import of it builds its namespace from every export,
// lazy ones included (fs/promises, the stream modules), ~15 ms of a hook's start (knower-http.mjs).
const { readFileSync, rmSync } = createRequire(import.meta.url)('node:fs');

/**
 * Knower refusing the hooks' token (KNOWER_TOKEN missing or wrong): heard by the sender or by
 * SessionStart, said once in the next SessionStart's output, forgotten as soon as Knower accepts
 * the token again (a later refusal is said again). Captures wait in the spool meanwhile.
 */
const fileOf = (settings) => path.join(settings.dataDir, 'token-refused.json');

/** 401, or the 429 Knower gives a client that keeps sending wrong tokens. */
export const isTokenRefusal = (answer) => answer?.status === 401 || (answer?.status === 429 && answer.json?.error === 'too_many_wrong_tokens');

function read(settings) {
  try {
    return JSON.parse(readFileSync(fileOf(settings), 'utf8'));
  } catch {
    return undefined;
  }
}

export function noteTokenRefused(settings) {
  if (read(settings)) return;
  writeDurably(fileOf(settings), JSON.stringify({ since: new Date().toISOString(), said: false }));
}

export function noteTokenAccepted(settings) {
  rmSync(fileOf(settings), { force: true });
}

/** The sentence for SessionStart, once per refusal; undefined when there is nothing (new) to say. */
export function takeRefusalNotice(settings, waiting) {
  const refusal = read(settings);
  if (!refusal || refusal.said) return undefined;
  writeDurably(fileOf(settings), JSON.stringify({ ...refusal, said: true }));
  const captures = !waiting ? 'captures will wait' : waiting === 1 ? '1 capture is waiting' : `${waiting} captures are waiting`;
  return `Knower refused the token: ${captures} in the spool; fix KNOWER_TOKEN (it must be the token the Knower service runs with).`;
}
