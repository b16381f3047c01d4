import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { statsQuery } from '../api/index.js';

export async function statsRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/stats', { schema: { querystring: statsQuery } }, async (request) => app.knower.stats.stats(request.query.days));
}
