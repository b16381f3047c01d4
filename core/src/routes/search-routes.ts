import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { searchQuery } from '../api/index.js';

export async function searchRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/vault/search', { schema: { querystring: searchQuery } }, async (request) => {
    const { q, mode, scope, limit } = request.query;
    return app.knower.search.search({ query: q, mode, scope, limit });
  });

  app.post('/embed', async (_request, reply) => {
    const outcome = await app.knower.search.embed();
    return reply.code(outcome.ok ? 200 : 503).send(outcome.ok ? outcome : { error: 'embed_unavailable', message: outcome.error ?? 'embedding failed', ...outcome });
  });
}
