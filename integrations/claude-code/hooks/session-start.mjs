#!/usr/bin/env node
// SessionStart (startup, resume, clear, compact): prints a brief of the Knower project matching
// this repository; Claude Code adds what a SessionStart hook prints to the session's context.
// With the service down, or anything else wrong, it prints nothing and exits 0 at once: a
// session must never wait on, or break because of, its memory. Two more things, rarely:
// captures still in the spool are handed to the sender, and a token Knower refused is said,
// once, before the brief.
import { readHookInput } from './lib/hook-input.mjs';
import { request } from './lib/knower-http.mjs';
import { repositoryName } from './lib/repository.mjs';
import { readSettings } from './lib/settings.mjs';
import { pendingCaptures } from './lib/spool.mjs';
import { startSender } from './lib/start-sender.mjs';
import { isTokenRefusal, noteTokenAccepted, noteTokenRefused, takeRefusalNotice } from './lib/token-refusal.mjs';

async function brief(settings) {
  if (settings.briefTokens === 0) return undefined;
  const input = await readHookInput();
  const cwd = typeof input?.cwd === 'string' && input.cwd ? input.cwd : process.cwd();
  const query = new URLSearchParams({ repo: repositoryName(cwd), tokens: String(settings.briefTokens) });
  if (settings.project) query.set('project', settings.project);
  const answer = await request(settings, 'GET', `/brief?${query}`, { totalMs: 1500 });
  if (isTokenRefusal(answer)) noteTokenRefused(settings);
  else if (answer?.status === 200) noteTokenAccepted(settings);
  const markdown = answer?.status === 200 ? answer.json?.markdown : undefined;
  return typeof markdown === 'string' && markdown.trim() ? markdown.trim() : undefined;
}

async function main() {
  const settings = readSettings();
  const markdown = await brief(settings);
  const waiting = pendingCaptures(settings).length;
  const notice = takeRefusalNotice(settings, waiting);
  const output = [notice, markdown].filter(Boolean).join('\n\n');
  if (output) process.stdout.write(`${output}\n`);
  if (waiting > 0) startSender();
}

main().then(
  () => process.exit(0),
  () => process.exit(0),
);
