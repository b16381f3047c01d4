import { createHash, timingSafeEqual } from 'node:crypto';
import { SESSION_MAX_AGE_S, type SessionStore } from './session-store.js';

export const SESSION_COOKIE = 'knower_session';

/** Equal-time comparison of two strings of any length (hashing first equalises the lengths). */
function safeEqual(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

function cookieValue(cookieHeader: string | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const pair of cookieHeader.split(';')) {
    const eq = pair.indexOf('=');
    if (eq !== -1 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return undefined;
}

/** What a request's credentials amount to. `wrong` is a Bearer token that is not the token: a guess. */
export type Credentials = 'bearer' | 'session' | 'wrong' | 'missing';

export interface TokenCheck {
  check(headers: { authorization?: string | undefined; cookie?: string | undefined }): Credentials;
  /** True when `candidate` is the token (the sign-in form). */
  matches(candidate: string): boolean;
  /** Opens a session: the Set-Cookie value that carries it. */
  signIn(secure: boolean): string;
  /** Ends the request's session, if any: the Set-Cookie value that clears it. */
  signOut(cookieHeader: string | undefined): string;
}

/**
 * The token for programs (Bearer, as the CLI and MCP clients send it), a session cookie for
 * browsers. The cookie holds a random session id, never the token nor anything derived from it:
 * a leaked cookie (a browser profile, a proxy log) does not hand over the token, expires on
 * its own, and ends at sign-out or when KNOWER_TOKEN changes.
 */
export function createTokenCheck(token: string, sessions: SessionStore): TokenCheck {
  return {
    check({ authorization, cookie }) {
      const bearer = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim();
      if (bearer !== undefined) return safeEqual(bearer, token) ? 'bearer' : 'wrong';
      const id = cookieValue(cookie, SESSION_COOKIE);
      return id !== undefined && sessions.valid(id) ? 'session' : 'missing';
    },
    matches: (candidate) => safeEqual(candidate, token),
    signIn: (secure) =>
      // HttpOnly: page scripts never see it. SameSite=Strict: no other site's page makes the
      // browser send it. Secure only over HTTPS, or plain-http localhost could not keep it.
      `${SESSION_COOKIE}=${sessions.create()}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${SESSION_MAX_AGE_S}${secure ? '; Secure' : ''}`,
    signOut(cookieHeader) {
      const id = cookieValue(cookieHeader, SESSION_COOKIE);
      if (id !== undefined) sessions.end(id);
      return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0`;
    },
  };
}
