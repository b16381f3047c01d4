import type { FastifyInstance } from 'fastify';
import { MAX_LIMIT } from '../search/index.js';

const searchQuery = {
  querystring: {
    type: 'object',
    properties: {
      q: { type: 'string', minLength: 1, maxLength: 2000 },
      mode: { type: 'string', enum: ['fast', 'deep'], default: 'fast' },
      scope: { type: 'string', pattern: '^project:[^/\\\\.][^/\\\\]*$', maxLength: 200 },
      limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: 10 },
    },
    required: ['q'],
  },
} as const;

export async function searchRoutes(app: FastifyInstance): Promise<void> {
  app.get('/vault/search', { schema: searchQuery }, async (request) => {
    const { q, mode, scope, limit } = request.query as { q: string; mode: 'fast' | 'deep'; scope?: string; limit: number };
    return app.knower.search.search({ query: q, mode, scope, limit });
  });

  app.post('/embed', async (_request, reply) => {
    const outcome = await app.knower.search.embed();
    return reply.code(outcome.ok ? 200 : 503).send(outcome.ok ? outcome : { error: 'embed_unavailable', message: outcome.error ?? 'embedding failed', ...outcome });
  });
}
