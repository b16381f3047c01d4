#!/usr/bin/env node
// PreCompact and SessionEnd: sends what the session established since the last capture (the
// person's requests and the assistant's conclusions, from the transcript) to Knower as one
// ordinary update, which the update agent files like anything else. No model runs here. One
// capture is one update: the Idempotency-Key names the session and the last transcript entry
// sent, so a hook that runs twice (or a retry) files it once. KNOWER_CAPTURE=off turns it off.
import { readHookInput } from './lib/hook-input.mjs';
import { request } from './lib/knower-http.mjs';
import { captureText } from './lib/capture-text.mjs';
import { lastCaptured, rememberCaptured } from './lib/capture-state.mjs';
import { repositoryName, repositoryRoot } from './lib/repository.mjs';
import { readSettings } from './lib/settings.mjs';
import { parseLines, readTranscriptTail, sessionTurns } from './lib/transcript.mjs';

const EVENTS = { PreCompact: 'precompact', SessionEnd: 'sessionend' };

async function main() {
  const settings = readSettings();
  const input = await readHookInput();
  const event = input?.hook_event_name;
  if (!settings.capture.has(EVENTS[event]) || typeof input.session_id !== 'string' || typeof input.transcript_path !== 'string') return;
  const cwd = typeof input.cwd === 'string' && input.cwd ? input.cwd : process.cwd();
  const after = lastCaptured(settings, input.session_id);
  const session = sessionTurns(parseLines(readTranscriptTail(input.transcript_path)), after);
  if (session.turns.length === 0 || !session.lastUuid) return;

  const repo = repositoryName(cwd);
  const query = new URLSearchParams({ repo, tokens: '100' });
  if (settings.project) query.set('project', settings.project);
  const brief = await request(settings, 'GET', `/brief?${query}`, { totalMs: 3000 });
  if (!brief) return; // the service is not there: nothing is marked sent, the next capture takes it
  const project = brief.status === 200 && typeof brief.json?.project === 'string' ? brief.json.project : undefined;
  const text = captureText({ event, cwd: repositoryRoot(cwd), repo, project, session, now: new Date(), maxChars: settings.captureChars });
  const key = `claude-code:${input.session_id}:${session.lastUuid}`.slice(0, 200);
  const sent = await request(settings, 'POST', '/update', { body: { text }, headers: { 'idempotency-key': key }, totalMs: 5000 });
  if (sent?.status === 202) rememberCaptured(settings, input.session_id, session.lastUuid);
}

main().then(
  () => process.exit(0),
  () => process.exit(0),
);
