import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../http/index.js';
import { hostAllowed, trustedHosts, type InterfaceAddresses } from './host-check.js';
import { loginRoutes } from './login-routes.js';
import { crossOriginProblem, crossSiteReadProblem, isShareLaunch } from './origin-check.js';
import { createSessionStore } from './session-store.js';
import { createSignInThrottle, tooManyWrongTokens, waitSentence } from './sign-in-throttle.js';
import { createTokenCheck, type TokenCheck } from './token-auth.js';

export interface SecurityOptions {
  /** KNOWER_TOKEN: when set, every route but the sign-in page requires it. */
  token?: string | undefined;
  /** The address the service binds to (HOST): a name there is one the service answers to. */
  host: string;
  /** KNOWER_ALLOWED_HOSTS: extra names (a LAN name, a reverse proxy's domain). */
  allowedHosts: readonly string[];
  /** Where browser sessions are kept across restarts (none: in memory only). */
  stateDir?: string;
  clock?: () => number;
  /** The machine's addresses, for a wildcard HOST (tests give their own). */
  interfaces?: InterfaceAddresses;
}

const PUBLIC = new Set(['/login']);
/** The phone's share sheet posts here: see isShareLaunch. */
const SHARE_ROUTE = '/share';

const one = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/** A person's browser showing a page (not the app's own fetches): a page load, or a form posted as a navigation (the share sheet's launch). */
function wantsPage(request: FastifyRequest): boolean {
  if (one(request.headers['sec-fetch-mode']) === 'navigate') return true;
  return (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
}

/** A page that loads itself again, from this origin (see unauthorized). No script: the app's CSP would refuse one. */
const LOAD_AGAIN = '<!doctype html><html lang="en"><meta charset="utf-8"><meta http-equiv="refresh" content="0"><title>Knower</title></html>\n';

function unauthorized(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  // A person opening the app in a browser gets the sign-in page, a program gets a JSON 401.
  if (wantsPage(request)) {
    // A page load another site started (a link, the bookmarklet opening /clip) comes without
    // the SameSite=Strict session cookie even from a signed-in browser. Loaded again by this
    // origin's own page, it carries it; only a load from here without it goes to sign in.
    const site = one(request.headers['sec-fetch-site']);
    if (request.method === 'GET' && (site === 'cross-site' || site === 'same-site')) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', "default-src 'none'; frame-ancestors 'none'").send(LOAD_AGAIN);
    }
    return reply.redirect('/login', 303);
  }
  return sendError(reply.header('www-authenticate', 'Bearer realm="knower"'), 'unauthorized');
}

/**
 * The service's security posture (DESIGN.md), as one onRequest hook that runs before routing
 * decisions and before any body is read, in this order:
 *  1. Host must be one of ours (DNS rebinding) → 403 host_not_allowed;
 *  2. a state-changing request must not come from another origin → 403 cross_origin (the
 *     share target also takes a launch from the phone's share sheet, and nothing else);
 *  3. no request but a page load may come from another site or origin, reads included → 403
 *     cross_origin;
 *  4. with a token, every route except /login needs it (Bearer or session cookie) → 401, and
 *     wrong tokens wait longer and longer, per client and all together → 429 (sign-in-throttle).
 */
async function security(app: FastifyInstance, opts: SecurityOptions): Promise<void> {
  const trusted = trustedHosts(opts.host, opts.allowedHosts, opts.interfaces);
  const publicNames: ReadonlySet<string> = new Set(opts.allowedHosts.map((h) => h.toLowerCase()));
  const clock = opts.clock ?? Date.now;
  const throttle = createSignInThrottle(clock);
  const check: TokenCheck | undefined = opts.token
    ? createTokenCheck(opts.token, createSessionStore({ token: opts.token, clock, ...(opts.stateDir ? { file: path.join(opts.stateDir, 'sessions.json') } : {}) }))
    : undefined;

  app.addHook('onRequest', async (request, reply) => {
    // No page of this service is meant to be framed: framing would allow clickjacking a write.
    reply.header('x-frame-options', 'DENY').header('x-content-type-options', 'nosniff');
    const { headers } = request;
    if (!hostAllowed(headers.host, trusted)) {
      return sendError(reply, 'host_not_allowed', `this service does not answer to Host ${JSON.stringify(headers.host ?? '')}; use localhost or 127.0.0.1, or add the name to KNOWER_ALLOWED_HOSTS`);
    }
    const route = request.routeOptions.url;
    const meta = { site: one(headers['sec-fetch-site']), mode: one(headers['sec-fetch-mode']), dest: one(headers['sec-fetch-dest']) };
    const origin = one(headers.origin);
    const shareLaunch = route === SHARE_ROUTE && request.method === 'POST' && isShareLaunch(meta);
    if (!shareLaunch) {
      const problem = crossOriginProblem({ method: request.method, host: headers.host, origin, secFetchSite: meta.site, referer: one(headers.referer) }, publicNames);
      if (problem) return sendError(reply, 'cross_origin', `${problem}: a web page must not write into the vault`);
    }
    // With a token or without: another port of this machine is the same site, and a
    // SameSite=Strict session cookie goes along with its requests.
    const readProblem = crossSiteReadProblem({ host: headers.host, origin, meta }, publicNames);
    if (readProblem) return sendError(reply, 'cross_origin', `${readProblem}: only the app, its share target and programs may`);
    if (!check || (route !== undefined && PUBLIC.has(route))) return;
    const credentials = check.check({ authorization: headers.authorization, cookie: headers.cookie });
    if (credentials === 'missing') return unauthorized(request, reply);
    if (credentials === 'wrong') {
      // Only a wrong token is ever slowed: the right one passes whatever others sent before it.
      const verdict = throttle.wrongToken(request.ip);
      if (verdict.counted) return unauthorized(request, reply);
      reply.header('retry-after', String(Math.ceil(verdict.waitMs / 1000)));
      return sendError(reply, 'too_many_wrong_tokens', `${tooManyWrongTokens(verdict)}: try again in ${waitSentence(verdict.waitMs)}; the right token is always let in`);
    }
  });

  // No route reads text/plain, and it is one of the content types a page of another site may
  // send without a CORS preflight: refuse it (415) instead of handing routes a string body.
  app.removeContentTypeParser('text/plain');
  if (check) await app.register(loginRoutes, { check, throttle });
}

// Not encapsulated (what fastify-plugin does): the hook must cover every route of the app.
(security as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
export const securityPlugin = security;
