import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeErrors } from '../http/index.js';
import { LOGIN_PAGE_CSP, renderLoginPage } from './login-page.js';
import { tooManyWrongTokens, waitSentence, type SignInThrottle } from './sign-in-throttle.js';
import type { TokenCheck } from './token-auth.js';

const loginBody = z.object({ token: z.string().max(1024, 'is longer than 1024 characters') });

function page(reply: FastifyReply, status: number, error?: string): FastifyReply {
  return reply.code(status).header('content-type', 'text/html; charset=utf-8').header('content-security-policy', LOGIN_PAGE_CSP).header('cache-control', 'no-store').send(renderLoginPage(error));
}

/**
 * GET /login (the form), POST /login (check the token, open a session, go to `/`) and
 * POST /logout. An encapsulated plugin: the form-body parser it adds exists for these routes only.
 */
export async function loginRoutes(base: FastifyInstance, opts: { check: TokenCheck; throttle: SignInThrottle }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  // The pages are HTML (a wrong token is a 401 page, sent as text, never checked against a JSON
  // schema); a request refused before them gets the API's JSON error.
  const { responses } = routeErrors();
  app.get('/login', { schema: { response: responses } }, async (_request, reply) => page(reply, 200));

  app.post('/login', { schema: { body: loginBody, response: responses } }, async (request, reply) => {
    if (!opts.check.matches(request.body.token.trim())) {
      // Only a wrong token is ever slowed: the right one signs in whatever others sent before it.
      const verdict = opts.throttle.wrongToken(request.ip);
      if (!verdict.counted) {
        reply.header('retry-after', String(Math.ceil(verdict.waitMs / 1000)));
        const why = tooManyWrongTokens(verdict);
        return page(reply, 429, `${why[0]!.toUpperCase()}${why.slice(1)}. Try again in ${waitSentence(verdict.waitMs)}.`);
      }
      // Never the token itself in the log: a near miss is most of the secret.
      request.log.warn({ ip: request.ip }, 'sign-in with a wrong token');
      return page(reply, 401, 'That is not the token. Use the value of KNOWER_TOKEN from the service’s environment.');
    }
    return reply.header('set-cookie', opts.check.signIn(request.protocol === 'https')).redirect('/', 303);
  });

  app.post('/logout', { schema: { response: responses } }, async (request, reply) => reply.header('set-cookie', opts.check.signOut(request.headers.cookie)).redirect('/login', 303));
}
