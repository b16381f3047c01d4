import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forgetBody, forgetConfirmSchema, forgetReportSchema, forgetRestoreSchema, forgetStatusSchema, PATH_ERROR_CODES } from '../api/index.js';
import type { Forget } from '../forget/index.js';
import { routeErrors } from '../http/index.js';

const forgetErrors = routeErrors(...PATH_ERROR_CODES, 'not_forgettable', 'no_backup');

/**
 * Forgetting: POST /forget (a dry run unless `dry_run` is false), GET /forget (whether a
 * backup waits), POST /forget/confirm and POST /forget/restore. The logic is forget/'s.
 */
export async function forgetRoutes(base: FastifyInstance, { forget }: { forget: Forget }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const response = forgetErrors.responses;

  app.get('/forget', { schema: { response: { 200: forgetStatusSchema, ...response } } }, () => forget.status());

  app.post('/forget', { schema: { body: forgetBody, response: { 200: forgetReportSchema, ...response } } }, async (request, reply) => {
    const { text, paths, dry_run: dryRun } = request.body;
    return forgetErrors.valueOr(reply, await forget.forget({ ...(text !== undefined && { text }), ...(paths && { paths }), dryRun }));
  });

  app.post('/forget/confirm', { schema: { response: { 200: forgetConfirmSchema, ...response } } }, async (_request, reply) => forgetErrors.valueOr(reply, await forget.confirm()));

  app.post('/forget/restore', { schema: { response: { 200: forgetRestoreSchema, ...response } } }, async (_request, reply) => forgetErrors.valueOr(reply, await forget.restore()));
}
