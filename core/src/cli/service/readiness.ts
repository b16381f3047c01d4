import { setTimeout as sleep } from 'node:timers/promises';
import type { HttpClient } from '../http-client.js';
import type { Output } from '../output.js';
import { isIndexing, probeHealth, type ProbedHealth, type Probe } from './health-probe.js';

export type FirstAnswer = { kind: 'answered'; probe: Exclude<Probe, { kind: 'down' } | { kind: 'silent' }> } | { kind: 'exited' } | { kind: 'timeout' };

/** Polls /health until something answers, the process dies (when `alive` is given) or time runs out. */
export async function waitForAnswer(client: HttpClient, timeoutS: number, alive?: () => boolean): Promise<FirstAnswer> {
  const deadline = Date.now() + timeoutS * 1000;
  while (Date.now() < deadline) {
    if (alive && !alive()) return { kind: 'exited' };
    const probe = await probeHealth(client);
    if (probe.kind !== 'down' && probe.kind !== 'silent') return { kind: 'answered', probe };
    await sleep(500);
  }
  return { kind: 'timeout' };
}

function progressLine(health: ProbedHealth): string {
  const i = health.indexing;
  if (!i) return 'Indexing the vault…';
  // Before the first pass has listed anything there is no count to show, only that it started.
  if (i.files.total === 0 && i.search.total === 0) return 'Indexing the vault: counting its files…';
  return `Indexing the vault: ${String(i.files.done)}/${String(i.files.total)} files read, ${String(i.search.done)}/${String(i.search.total)} notes searchable`;
}

/** Said once search covers the vault, after progress was shown. */
function readyLine(health: ProbedHealth): string {
  const total = health.indexing?.search.total;
  return total === undefined ? 'Search covers the vault.' : `Search covers the vault: ${String(total)} note${total === 1 ? '' : 's'}.`;
}

/** How long a start not on a terminal waits for a first count before saying where indexing stands. */
const FIRST_COUNT_MS = 3000;

export interface FollowOptions {
  client: HttpClient;
  out: Output;
  /** Wait for readiness even when stdout is not a terminal (scripts: `start --wait`). */
  wait: boolean;
  /** Aborted when the person presses Ctrl-C: stop waiting, leave the service running. */
  signal: AbortSignal;
  intervalMs?: number;
}

export type Followed = 'ready' | 'indexing' | 'interrupted' | 'gone';

/**
 * Shows indexing progress until search covers the vault. On a terminal, one line rewritten in
 * place; otherwise one line, and with `wait` a line whenever the count moved (at most every 5 s).
 */
export async function followIndexing(first: ProbedHealth, opts: FollowOptions): Promise<Followed> {
  const { out } = opts;
  if (!isIndexing(first)) return 'ready';
  if (!out.isTTY && !opts.wait) return oneLine(first, opts);
  let health = first;
  let shown = '';
  let shownAt = 0;
  for (;;) {
    const line = progressLine(health);
    if (out.isTTY) out.write(`\r\x1b[2K${line}`);
    else if (line !== shown && Date.now() - shownAt >= 5000) {
      out.say(line);
      shownAt = Date.now();
    }
    shown = line;
    try {
      await sleep(opts.intervalMs ?? 500, undefined, { signal: opts.signal });
    } catch {
      if (out.isTTY) out.write('\n');
      return 'interrupted';
    }
    const probe = await probeHealth(opts.client);
    if (probe.kind === 'down') {
      if (out.isTTY) out.write('\n');
      return 'gone';
    }
    // A slow or odd answer while it works hard: keep the last count and ask again.
    if (probe.kind !== 'knower') continue;
    health = probe.health;
    if (!isIndexing(health)) {
      if (out.isTTY) out.write('\r\x1b[2K');
      out.say(readyLine(health));
      return 'ready';
    }
  }
}

/**
 * Not on a terminal and not asked to wait: one line that says where indexing stands. The first
 * /health of a fresh start usually comes before the first pass has counted anything ("0/0"), so
 * it waits a moment for a real count (or for the end, in a small vault).
 */
async function oneLine(first: ProbedHealth, opts: FollowOptions): Promise<Followed> {
  const { out } = opts;
  let health = first;
  const deadline = Date.now() + FIRST_COUNT_MS;
  while (isIndexing(health) && !health.indexing?.files.total && Date.now() < deadline) {
    try {
      await sleep(opts.intervalMs ?? 250, undefined, { signal: opts.signal });
    } catch {
      break;
    }
    const probe = await probeHealth(opts.client);
    if (probe.kind === 'down') return 'gone';
    if (probe.kind === 'knower') health = probe.health;
  }
  if (!isIndexing(health)) {
    out.say(readyLine(health));
    return 'ready';
  }
  out.say(`${progressLine(health)}; it goes on in the background (./knower status shows progress; start --wait waits for it)`);
  return 'indexing';
}
