#!/usr/bin/env node
// Not a hook: the sender the hooks start, detached, to deliver the spooled captures (see
// lib/spool.mjs) after the hook has returned. One sender at a time: one that finds another at
// work waits its turn (the other may be failing with an old KNOWER_URL or KNOWER_TOKEN that
// this one has right), then sends what is left. Before it lets go it looks once more, so a
// capture spooled while it was finishing does not wait for the next session.
import { deliverCaptures } from './lib/deliver-captures.mjs';
import { takeSenderLock } from './lib/sender-lock.mjs';
import { readSettings } from './lib/settings.mjs';
import { pendingCaptures } from './lib/spool.mjs';

/** A sender's requests are bounded (30 s each); past this one waiting gives up, and the next hook starts another. */
const WAIT_TURN_MS = 3 * 60 * 1000;

async function lockWhenFree(settings) {
  const deadline = Date.now() + WAIT_TURN_MS;
  for (;;) {
    const release = takeSenderLock(settings);
    if (release || Date.now() > deadline) return release;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function main() {
  const settings = readSettings();
  const attempted = new Set();
  for (;;) {
    const release = await lockWhenFree(settings);
    if (!release) return;
    let outcome;
    try {
      outcome = await deliverCaptures(settings, attempted);
    } finally {
      release();
    }
    if (outcome.stopped || !pendingCaptures(settings).some(({ name }) => !attempted.has(name))) return;
  }
}

main().then(
  () => process.exit(0),
  () => process.exit(0),
);
