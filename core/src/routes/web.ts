import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The React build at `/` (assets under /static/), when it has been built. */
export async function webRoutes(app: FastifyInstance, opts: { dist: string }): Promise<void> {
  if (!existsSync(path.join(opts.dist, 'index.html'))) {
    app.get('/', async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').send('Knower is running. The web app is not built: run `npm run build`.\n'),
    );
    return;
  }
  await app.register(fastifyStatic, { root: opts.dist, prefix: '/', wildcard: false, index: ['index.html'] });
}
