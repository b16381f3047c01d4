/** Wrong tokens a client may send before it has to wait: typos are forgiven. */
const FREE_TRIES = 5;
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 5 * 60_000;
/** A client that has not failed for this long starts again from zero. */
const FORGET_AFTER_MS = 60 * 60_000;
/** Beyond this many clients the ones that failed longest ago are forgotten (memory stays bounded). */
const MAX_CLIENTS = 10_000;

export interface SignInThrottle {
  /** Milliseconds this client must still wait before its next try is even looked at (0: go ahead). */
  waitMs(client: string): number;
  failed(client: string): void;
  succeeded(client: string): void;
}

/**
 * Backoff per client (its IP address) after wrong tokens, at the sign-in form and for Bearer
 * tokens alike: after FREE_TRIES mistakes, each further try waits twice as long as the one
 * before, up to MAX_DELAY_MS. While it waits, a try is refused without being checked, so
 * guessing gains nothing from sending faster.
 */
export function createSignInThrottle(clock: () => number = Date.now): SignInThrottle {
  const clients = new Map<string, { failures: number; last: number; until: number }>();
  const current = (client: string) => {
    const entry = clients.get(client);
    if (entry && clock() - entry.last > FORGET_AFTER_MS) {
      clients.delete(client);
      return undefined;
    }
    return entry;
  };
  return {
    waitMs(client) {
      const entry = current(client);
      return entry ? Math.max(0, entry.until - clock()) : 0;
    },
    failed(client) {
      const now = clock();
      const failures = (current(client)?.failures ?? 0) + 1;
      const delay = failures <= FREE_TRIES ? 0 : Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - FREE_TRIES - 1));
      // Re-inserted so the map's order is the order of last failure (the oldest go first).
      clients.delete(client);
      clients.set(client, { failures, last: now, until: now + delay });
      for (const oldest of clients.keys()) {
        if (clients.size <= MAX_CLIENTS) break;
        clients.delete(oldest);
      }
    },
    succeeded(client) {
      clients.delete(client);
    },
  };
}
