/** Wrong tokens a client may send before it has to wait: typos are forgiven. */
const FREE_TRIES = 5;
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 5 * 60_000;
/** A client that has not failed for this long starts again from zero. */
const FORGET_AFTER_MS = 60 * 60_000;
/** Beyond this many clients the ones that failed longest ago are forgotten (memory stays bounded). */
const MAX_CLIENTS = 10_000;
/** Wrong tokens counted from all clients together per window: one attacker with many addresses meets it. */
const GLOBAL_BUDGET = 60;
const GLOBAL_WINDOW_MS = 60_000;

/**
 * What becomes of a wrong token. `counted`: it was looked at and counted, answer 401. Otherwise
 * the client (or everyone, past the global budget) must first wait: answer 429 with Retry-After.
 */
export type WrongTokenVerdict = { counted: true } | { counted: false; waitMs: number; scope: 'client' | 'everyone' };

export interface SignInThrottle {
  /** A wrong token from `client` (its address). A right token never comes here: it is never slowed. */
  wrongToken(client: string): WrongTokenVerdict;
}

/**
 * Backoff after wrong tokens, at the sign-in form and for Bearer tokens alike. Per client: after
 * FREE_TRIES mistakes, each further one must wait twice as long as the one before, up to
 * MAX_DELAY_MS. For everyone: past GLOBAL_BUDGET wrong tokens in a minute, further ones wait
 * until the minute has passed. A wrong token sent while waiting is answered 429 and not counted.
 *
 * The right token passes at once, even from an address that is waiting: the address is the
 * proxy's or a shared network's as often as it is an attacker's, and refusing the owner there
 * is the lock-out this must never be. It follows that a guesser learns whether each guess was
 * right as fast as it can send them; what makes guessing hopeless is the token's strength,
 * checked at start (token-strength.ts). This throttle keeps clients that respect Retry-After
 * (a script left with an old token) and the log quiet.
 */
export function createSignInThrottle(clock: () => number = Date.now): SignInThrottle {
  const clients = new Map<string, { failures: number; last: number; until: number }>();
  /** When each of the last GLOBAL_BUDGET counted wrong tokens came, oldest first. */
  const recent: number[] = [];
  const current = (client: string, now: number) => {
    const entry = clients.get(client);
    if (entry && now - entry.last > FORGET_AFTER_MS) {
      clients.delete(client);
      return undefined;
    }
    return entry;
  };
  const count = (client: string, now: number, failures: number) => {
    const delay = failures <= FREE_TRIES ? 0 : Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - FREE_TRIES - 1));
    // Re-inserted so the map's order is the order of last failure (the oldest go first).
    clients.delete(client);
    clients.set(client, { failures, last: now, until: now + delay });
    for (const oldest of clients.keys()) {
      if (clients.size <= MAX_CLIENTS) break;
      clients.delete(oldest);
    }
    recent.push(now);
    if (recent.length > GLOBAL_BUDGET) recent.shift();
  };
  return {
    wrongToken(client) {
      const now = clock();
      const entry = current(client, now);
      const clientWait = entry ? entry.until - now : 0;
      if (clientWait > 0) return { counted: false, waitMs: clientWait, scope: 'client' };
      const globalWait = recent.length < GLOBAL_BUDGET ? 0 : recent[0]! + GLOBAL_WINDOW_MS - now;
      if (globalWait > 0) return { counted: false, waitMs: globalWait, scope: 'everyone' };
      count(client, now, (entry?.failures ?? 0) + 1);
      return { counted: true };
    },
  };
}

/** "3 seconds", "5 minutes": how long a client waits, for people. */
export const waitSentence = (ms: number) => {
  const s = Math.ceil(ms / 1000);
  return s < 90 ? `${s} second${s === 1 ? '' : 's'}` : `${Math.ceil(s / 60)} minutes`;
};

/** Why a wrong token waits, for people (the sign-in page) and programs (the 429's message) alike. */
export function tooManyWrongTokens(verdict: Extract<WrongTokenVerdict, { counted: false }>): string {
  return verdict.scope === 'client' ? 'too many wrong tokens from this device' : 'too many wrong tokens from all devices in the last minute';
}
