import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const SESSION_COOKIE = 'knower_session';
/** Long enough not to nag, short enough that a forgotten browser does not stay signed in forever. */
export const SESSION_MAX_AGE_S = 30 * 24 * 3600;

/** Equal-time comparison of two strings of any length (hashing first equalises the lengths). */
export function safeEqual(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * The cookie holds an HMAC of a fixed label keyed by the token, not the token itself: a leaked
 * cookie (a browser profile, a proxy log) does not hand over the bearer token used by the CLI
 * and MCP clients, and changing KNOWER_TOKEN signs every browser out.
 */
export function sessionValue(token: string): string {
  return createHmac('sha256', token).update('knower web session v1').digest('base64url');
}

function cookieValue(cookieHeader: string | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const pair of cookieHeader.split(';')) {
    const eq = pair.indexOf('=');
    if (eq !== -1 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return undefined;
}

export interface TokenCheck {
  /** True when the request carries the token (Bearer) or a session cookie derived from it. */
  verify(headers: { authorization?: string | undefined; cookie?: string | undefined }): boolean;
  /** True when `candidate` is the token (the sign-in form). */
  matches(candidate: string): boolean;
  sessionCookie(secure: boolean): string;
}

export function createTokenCheck(token: string): TokenCheck {
  const session = sessionValue(token);
  return {
    verify({ authorization, cookie }) {
      const bearer = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim();
      if (bearer !== undefined && safeEqual(bearer, token)) return true;
      const fromCookie = cookieValue(cookie, SESSION_COOKIE);
      return fromCookie !== undefined && safeEqual(fromCookie, session);
    },
    matches: (candidate) => safeEqual(candidate, token),
    sessionCookie: (secure) =>
      // HttpOnly: page scripts never see it. SameSite=Strict: no other site's page makes the
      // browser send it. Secure only over HTTPS, or plain-http localhost could not keep it.
      `${SESSION_COOKIE}=${session}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${SESSION_MAX_AGE_S}${secure ? '; Secure' : ''}`,
  };
}
