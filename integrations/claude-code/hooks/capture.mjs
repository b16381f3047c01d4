#!/usr/bin/env node
// PreCompact and SessionEnd: captures what the session established since the last capture (the
// person's requests and the assistant's conclusions, from the transcript) as one ordinary
// update, which Knower's update agent files like anything else. No model runs here, and nothing
// here waits on the service: Claude Code gives SessionEnd hooks 1.5 s whatever they declare.
//   1. Secrets and <private> blocks are removed here, before the capture leaves this process.
//   2. The capture is written to the spool (lib/spool.mjs), durably, and counted as captured:
//      a resumed session takes only what came after it.
//   3. A detached sender (send-captures.mjs) delivers the spool, once per session and range
//      (the Idempotency-Key), and keeps a capture until Knower has accepted it.
// KNOWER_CAPTURE=off turns it off.
import { capturedSoFar, rememberCaptured } from './lib/capture-state.mjs';
import { captureBody } from './lib/capture-text.mjs';
import { readHookInput } from './lib/hook-input.mjs';
import { repositoryName, repositoryRoot } from './lib/repository.mjs';
import { readSettings } from './lib/settings.mjs';
import { hasPendingCaptures, spoolCapture } from './lib/spool.mjs';
import { startSender } from './lib/start-sender.mjs';
import { readEntriesAfter, sessionTurns } from './lib/transcript.mjs';

const EVENTS = { PreCompact: 'precompact', SessionEnd: 'sessionend' };

async function spoolWhatIsNew(settings, input) {
  const sessionId = input.session_id;
  const soFar = capturedSoFar(settings, sessionId);
  const session = sessionTurns(readEntriesAfter(input.transcript_path, soFar.lastUuid));
  if (session.turns.length === 0 || !session.lastUuid) return;
  // Loaded only when there is something to clean: the rules are most of what this hook loads.
  const { removeSecretsFromEach } = await import('./lib/remove-secrets.mjs');
  const cwd = repositoryRoot(typeof input.cwd === 'string' && input.cwd ? input.cwd : process.cwd());
  const repo = repositoryName(cwd);
  const capturedAt = new Date().toISOString();
  const event = input.hook_event_name;
  const { body, removed } = captureBody({ event, cwd, repo, project: settings.project ?? repo, session, capturedAt, maxChars: settings.captureChars, removeSecretsFromEach });
  const n = soFar.n + 1;
  // The range ends at its last transcript entry, and ranges never overlap: the key names it.
  const key = `claude-code:${sessionId}:${session.lastUuid}`.slice(0, 200);
  const place = { event, cwd, repo, branch: session.branch, project: settings.project, capturedAt, maxChars: settings.captureChars };
  spoolCapture(settings, { key, session: sessionId, n, lastUuid: session.lastUuid, ...place, removed, body });
  rememberCaptured(settings, sessionId, { lastUuid: session.lastUuid, n });
}

async function main() {
  const settings = readSettings();
  const input = await readHookInput();
  if (!settings.capture.has(EVENTS[input?.hook_event_name]) || typeof input.session_id !== 'string' || typeof input.transcript_path !== 'string') return;
  try {
    await spoolWhatIsNew(settings, input);
  } finally {
    // Also what earlier hooks spooled and could not send (the service was down, the token refused).
    if (hasPendingCaptures(settings)) startSender();
  }
}

main().then(
  () => process.exit(0),
  () => process.exit(0),
);
