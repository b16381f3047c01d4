import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../routes/http-errors.js';
import { hostAllowed, trustedHostNames } from './host-check.js';
import { loginRoutes } from './login-routes.js';
import { crossOriginProblem } from './origin-check.js';
import { createTokenCheck, type TokenCheck } from './token-auth.js';

export interface SecurityOptions {
  /** KNOWER_TOKEN: when set, every route but the sign-in page requires it. */
  token?: string | undefined;
  /** The address the service binds to (HOST): a name there is one the service answers to. */
  host: string;
  /** KNOWER_ALLOWED_HOSTS: extra names (a LAN name, a reverse proxy's domain). */
  allowedHosts: readonly string[];
}

const one = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

function wantsPage(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
}

function unauthorized(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  // A person opening the app in a browser gets the sign-in page, a program gets a JSON 401.
  if (wantsPage(request)) return reply.redirect('/login', 303);
  return sendError(
    reply.header('www-authenticate', 'Bearer realm="knower"'),
    401,
    'unauthorized',
    'this Knower requires its token: send "Authorization: Bearer <KNOWER_TOKEN>", or sign in at /login in a browser',
  );
}

/**
 * The service's security posture (DESIGN.md), as one onRequest hook that runs before routing
 * decisions and before any body is read, in this order:
 *  1. Host must be one of ours (DNS rebinding) → 403 host_not_allowed;
 *  2. a state-changing request must not come from another origin → 403 cross_origin;
 *  3. with a token, every route except /login needs it (Bearer or session cookie) → 401.
 */
async function security(app: FastifyInstance, opts: SecurityOptions): Promise<void> {
  const trusted = trustedHostNames(opts.host, opts.allowedHosts);
  const publicNames: ReadonlySet<string> = new Set(opts.allowedHosts.map((h) => h.toLowerCase()));
  const check: TokenCheck | undefined = opts.token ? createTokenCheck(opts.token) : undefined;

  app.addHook('onRequest', async (request, reply) => {
    // No page of this service is meant to be framed: framing would allow clickjacking a write.
    reply.header('x-frame-options', 'DENY').header('x-content-type-options', 'nosniff');
    const { headers } = request;
    if (!hostAllowed(headers.host, trusted)) {
      return sendError(
        reply,
        403,
        'host_not_allowed',
        `this service does not answer to Host ${JSON.stringify(headers.host ?? '')}; use localhost or 127.0.0.1, or add the name to KNOWER_ALLOWED_HOSTS`,
      );
    }
    const problem = crossOriginProblem(
      { method: request.method, host: headers.host, origin: one(headers.origin), secFetchSite: one(headers['sec-fetch-site']), referer: one(headers.referer) },
      publicNames,
    );
    if (problem) return sendError(reply, 403, 'cross_origin', `${problem}: a web page must not write into the vault`);
    if (!check || request.routeOptions.url === '/login') return;
    if (!check.verify({ authorization: headers.authorization, cookie: headers.cookie })) return unauthorized(request, reply);
  });

  // No route reads text/plain, and it is one of the content types a page of another site may
  // send without a CORS preflight: refuse it (415) instead of handing routes a string body.
  app.removeContentTypeParser('text/plain');
  if (check) await app.register(loginRoutes, { check });
}

// Not encapsulated (what fastify-plugin does): the hook must cover every route of the app.
(security as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
export const securityPlugin = security;
