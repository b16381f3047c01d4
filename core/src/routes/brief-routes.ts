import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { briefQuery, briefSchema } from '../api/index.js';
import type { Briefs } from '../brief/index.js';
import { routeErrors } from '../http/index.js';

export async function briefRoutes(base: FastifyInstance, { briefs }: { briefs: Pick<Briefs, 'brief'> }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/brief', { schema: { querystring: briefQuery, response: { 200: briefSchema, ...routeErrors().responses } } }, async (request) => briefs.brief(request.query));
}
