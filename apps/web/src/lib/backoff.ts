export type BackoffOptions = { baseMs?: number; maxMs?: number };

/**
 * Delay before reconnect attempt `attempt` (0-based): doubling from baseMs up to maxMs, with
 * "equal jitter" (half fixed, half random) so many tabs do not reconnect in lockstep.
 */
export function backoffDelay(attempt: number, { baseMs = 500, maxMs = 15_000 }: BackoffOptions = {}, random = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
