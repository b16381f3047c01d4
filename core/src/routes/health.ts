import type { FastifyInstance } from 'fastify';
import type { Health } from '../health/index.js';

export async function healthRoutes(app: FastifyInstance, { health }: { health: Pick<Health, 'report'> }): Promise<void> {
  app.get('/health', () => health.report());
}
