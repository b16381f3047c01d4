import { rememberCaptured } from './capture-state.mjs';
import { captureText } from './capture-text.mjs';
import { request } from './knower-http.mjs';
import { pendingCaptures, removeCapture, sealCapture, setCaptureAside } from './spool.mjs';
import { isTokenRefusal, noteTokenAccepted, noteTokenRefused } from './token-refusal.mjs';

/**
 * The sender runs detached, after the hook has returned: it can wait for a slow service far
 * longer than Claude Code gives a hook (1.5 s at session end).
 */
const WAIT = { connectMs: 2000, totalMs: 30000 };

/** Knower has the capture: under this key it was accepted now or before (the same key with another text: a copy sent before this one). */
const accepted = (answer) => answer.status === 202 || (answer.status === 422 && answer.json?.error === 'idempotency_key_reused');
/** Worth trying again later: the service is busy, restarting or failing. */
const transient = (answer) => answer.status >= 500 || answer.status === 408 || answer.status === 429;

/** The text to send: made once, with the project Knower matches to the repository, and kept with the entry. */
async function sealed(settings, name, entry) {
  if (typeof entry.text === 'string') return { text: entry.text };
  const query = new URLSearchParams({ repo: entry.repo, tokens: '100' });
  if (entry.project) query.set('project', entry.project);
  const brief = await request(settings, 'GET', `/brief?${query}`, WAIT);
  if (!brief || isTokenRefusal(brief) || transient(brief)) return { stop: brief };
  const project = brief.status === 200 && typeof brief.json?.project === 'string' ? brief.json.project : undefined;
  let text;
  try {
    text = captureText({ ...entry, project });
  } catch {
    // An entry no text can be made of (damaged, or from another version): set aside, so it does not hold up the others.
    return { broken: true };
  }
  sealCapture(settings, name, { ...entry, text });
  return { text };
}

/**
 * Sends the spooled captures, oldest first, each once: a capture leaves the spool only when
 * Knower has accepted it, and its Idempotency-Key (session and range) makes a repeat after a
 * crash a no-op. Stops at the first sign that the rest would fail too (no answer, a refused
 * token, a failing service): they wait for the next sender. Returns how many were sent, and
 * whether it stopped with captures left.
 */
export async function deliverCaptures(settings, attempted = new Set()) {
  let sent = 0;
  const stopped = () => ({ sent, stopped: true });
  for (;;) {
    const next = pendingCaptures(settings).find(({ name }) => !attempted.has(name));
    if (!next) return { sent, stopped: false };
    const { name, entry } = next;
    attempted.add(name);
    const { text, stop, broken } = await sealed(settings, name, entry);
    if (broken) {
      setCaptureAside(settings, name);
      continue;
    }
    const answer = text === undefined ? stop : await request(settings, 'POST', '/update', { ...WAIT, body: { text }, headers: { 'idempotency-key': entry.key } });
    if (!answer) return stopped();
    if (isTokenRefusal(answer)) {
      noteTokenRefused(settings);
      return stopped();
    }
    if (transient(answer)) return stopped();
    noteTokenAccepted(settings);
    if (accepted(answer)) {
      rememberCaptured(settings, entry.session, { lastUuid: entry.lastUuid, n: entry.n });
      removeCapture(settings, name);
      sent++;
    } else {
      // Refused for good (a text Knower will never take): kept aside for the person, not retried.
      setCaptureAside(settings, name);
    }
  }
}
