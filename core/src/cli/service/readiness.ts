import { setTimeout as sleep } from 'node:timers/promises';
import type { HttpClient } from '../http-client.js';
import type { Output } from '../output.js';
import { isIndexing, probeHealth, type Health, type Probe } from './health-probe.js';

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

export function progressLine(health: Health): string {
  const i = health.indexing;
  if (!i) return 'Indexing the vault…';
  return `Indexing the vault: ${String(i.files.done)}/${String(i.files.total)} files read, ${String(i.search.done)}/${String(i.search.total)} notes searchable`;
}

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
export async function followIndexing(first: Health, opts: FollowOptions): Promise<Followed> {
  const { out } = opts;
  if (!isIndexing(first)) return 'ready';
  if (!out.isTTY && !opts.wait) {
    out.say(`${progressLine(first)} (./knower status shows progress; start --wait waits for it)`);
    return 'indexing';
  }
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
      return 'ready';
    }
  }
}
