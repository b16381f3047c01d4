import type { FastifyInstance } from 'fastify';
import { healthSchema } from '../api/index.js';
import type { Health } from '../health/index.js';

export async function healthRoutes(app: FastifyInstance, { health }: { health: Pick<Health, 'report'> }): Promise<void> {
  app.get('/health', { schema: { response: { 200: healthSchema } } }, () => health.report());
}
