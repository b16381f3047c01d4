#!/usr/bin/env node
// SessionStart (startup, resume, clear, compact): prints a brief of the Knower project matching
// this repository; Claude Code adds what a SessionStart hook prints to the session's context.
// With the service down, or anything else wrong, it prints nothing and exits 0 at once: a
// session must never wait on, or break because of, its memory.
import { readHookInput } from './lib/hook-input.mjs';
import { request } from './lib/knower-http.mjs';
import { repositoryName } from './lib/repository.mjs';
import { readSettings } from './lib/settings.mjs';

async function main() {
  const settings = readSettings();
  if (settings.briefTokens === 0) return;
  const input = await readHookInput();
  const cwd = typeof input?.cwd === 'string' && input.cwd ? input.cwd : process.cwd();
  const query = new URLSearchParams({ repo: repositoryName(cwd), tokens: String(settings.briefTokens) });
  if (settings.project) query.set('project', settings.project);
  const answer = await request(settings, 'GET', `/brief?${query}`, { totalMs: 1500 });
  const markdown = answer?.status === 200 ? answer.json?.markdown : undefined;
  if (typeof markdown === 'string' && markdown.trim()) process.stdout.write(`${markdown.trim()}\n`);
}

main().then(
  () => process.exit(0),
  () => process.exit(0),
);
