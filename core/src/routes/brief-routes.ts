import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { briefQuery } from '../api/index.js';

export async function briefRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/brief', { schema: { querystring: briefQuery } }, async (request) => app.knower.briefs.brief(request.query));
}
