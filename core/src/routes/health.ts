import type { FastifyInstance } from 'fastify';
import { healthSchema } from '../api/index.js';
import type { HealthService } from '../health/index.js';
import { routeErrors } from '../http/index.js';

export async function healthRoutes(app: FastifyInstance, { health }: { health: Pick<HealthService, 'report'> }): Promise<void> {
  app.get('/health', { schema: { response: { 200: healthSchema, ...routeErrors().responses } } }, () => health.report());
}
