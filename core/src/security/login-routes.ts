import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOGIN_PAGE_CSP, renderLoginPage } from './login-page.js';
import type { TokenCheck } from './token-auth.js';

const loginBody = z.object({ token: z.string().max(1024, 'is longer than 1024 characters') });

function page(reply: FastifyReply, status: number, error?: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', LOGIN_PAGE_CSP)
    .header('cache-control', 'no-store')
    .send(renderLoginPage(error));
}

/**
 * GET /login (the form) and POST /login (check the token, set the session cookie, go to `/`).
 * An encapsulated plugin: the form-body parser it adds exists for these two routes only.
 */
export async function loginRoutes(base: FastifyInstance, opts: { check: TokenCheck }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get('/login', async (_request, reply) => page(reply, 200));

  app.post('/login', { schema: { body: loginBody } }, async (request, reply) => {
    const { token } = request.body;
    if (!opts.check.matches(token.trim())) {
      request.log.warn({ ip: request.ip }, 'sign-in with a wrong token');
      return page(reply, 401, 'That is not the token. Use the value of KNOWER_TOKEN from the service’s environment.');
    }
    return reply.header('set-cookie', opts.check.sessionCookie(request.protocol === 'https')).redirect('/', 303);
  });
}
