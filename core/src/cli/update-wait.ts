import { setTimeout as sleep } from 'node:timers/promises';
import { callApi } from './api.js';
import type { Context } from './context.js';
import { updateStatus } from './format/answers.js';
import { stepLine } from './format/steps.js';
import { asRecord } from './format/text.js';
import type { HttpClient } from './http-client.js';
import { EXIT, isFailure, type Failure, type Outcome } from './outcome.js';
import type { Watch } from './watch.js';

const FINAL = new Set(['done', 'inbox', 'failed', 'cancelled']);

export type Waited =
  | { kind: 'final'; record: Record<string, unknown> }
  /** Still queued or running when the wait ended (the time limit, or Ctrl-C): the update goes on. */
  | { kind: 'gave-up'; status: string; why: 'timeout' | 'interrupted' };

/**
 * Waits for one update's outcome, saying each status it passes through and each step of its
 * agent (on stderr). With a live watch (opened before the update was sent) it follows the event
 * stream and returns the moment the outcome is published; without one, or if the stream ends,
 * it asks GET /updates/:id every second.
 */
export async function waitForUpdate(ctx: Context, client: HttpClient, watch: Watch | undefined, id: string, timeoutS: number): Promise<Waited | Failure> {
  const path = `/updates/${encodeURIComponent(id)}`;
  return ctx.interruptible(async (interrupt) => {
    const signal = AbortSignal.any([interrupt, AbortSignal.timeout(timeoutS * 1000)]);
    let status = '';
    const see = (record: Record<string, unknown>): boolean => {
      const now = typeof record.status === 'string' ? record.status : '';
      if (now !== status && !FINAL.has(now)) ctx.out.warn(`update ${id}: ${now}…`);
      status = now;
      return FINAL.has(now);
    };
    const asked = await callApi(ctx, client, 'GET', path, { timeoutS: 30 });
    if (isFailure(asked)) return asked;
    let record = asRecord(asked.json);
    while (!see(record)) {
      if (signal.aborted) return { kind: 'gave-up', status, why: interrupt.aborted ? 'interrupted' : 'timeout' };
      if (watch?.live) {
        const event = await watch.next((e) => (e.type === 'update_status' || e.type === 'update_step') && asRecord(e.data).id === id, signal);
        if (!event) continue;
        if (event.type === 'update_step') ctx.out.writeErr(`${stepLine(asRecord(event.data).step)}\n`);
        else record = asRecord(event.data);
        continue;
      }
      // No stream (an older service, a proxy that buffers it) or it ended: ask.
      await sleep(1000, undefined, { signal }).catch(() => undefined);
      if (signal.aborted) continue;
      const polled = await callApi(ctx, client, 'GET', path, { timeoutS: 30 });
      if (isFailure(polled)) return polled;
      record = asRecord(polled.json);
    }
    return { kind: 'final', record };
  });
}

/** The outcome line on stdout and its exit code; a wait given up says how to look later. */
export function reportWait(ctx: Context, id: string, waited: Waited | Failure, timeoutS: number): Outcome {
  if (isFailure(waited)) return waited;
  if (waited.kind === 'gave-up') {
    const why = waited.why === 'timeout' ? `after ${String(timeoutS)}s` : 'on Ctrl-C';
    ctx.out.warn(`stopped waiting ${why}: update ${id} is still ${waited.status || 'pending'} and goes on (./knower show ${id} says how it ended)`);
    return EXIT.waiting;
  }
  ctx.out.say(updateStatus(waited.record));
  return waited.record.status === 'failed' || waited.record.status === 'cancelled' ? EXIT.fail : EXIT.ok;
}
