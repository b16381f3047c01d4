import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { statsQuery, statsSchema } from '../api/index.js';
import type { VaultStats } from '../stats/index.js';
import { routeErrors } from '../http/index.js';

export async function statsRoutes(base: FastifyInstance, { stats }: { stats: Pick<VaultStats, 'stats'> }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/stats', { schema: { querystring: statsQuery, response: { 200: statsSchema, ...routeErrors().responses } } }, async (request) => stats.stats(request.query.days));
}
