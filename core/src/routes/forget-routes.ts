import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forgetBody, forgetConfirmSchema, forgetReportSchema, forgetRestoreSchema, forgetStatusSchema } from '../api/index.js';
import type { Forget, ForgetError, ForgetOutcome } from '../forget/index.js';
import { sendError, sendPathError } from '../http/index.js';
import type { PathProblem } from '../vault/index.js';

const STATUS: Record<Exclude<ForgetError, `path_${string}`>, number> = {
  not_forgettable: 400,
  no_backup: 409,
};

function send<T>(reply: FastifyReply, outcome: ForgetOutcome<T>): T | FastifyReply {
  if (outcome.ok) return outcome.value;
  const { error, message } = outcome;
  if (error.startsWith('path_')) return sendPathError(reply, error.slice('path_'.length) as PathProblem, message);
  return sendError(reply, STATUS[error as keyof typeof STATUS], error, message);
}

/**
 * Forgetting: POST /forget (a dry run unless `dry_run` is false), GET /forget (whether a
 * backup waits), POST /forget/confirm and POST /forget/restore. The logic is forget/'s.
 */
export async function forgetRoutes(base: FastifyInstance, { forget }: { forget: Forget }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/forget', { schema: { response: { 200: forgetStatusSchema } } }, () => forget.status());

  app.post('/forget', { schema: { body: forgetBody, response: { 200: forgetReportSchema } } }, async (request, reply) => {
    const { text, paths, dry_run: dryRun } = request.body;
    return send(reply, await forget.forget({ ...(text !== undefined && { text }), ...(paths && { paths }), dryRun }));
  });

  app.post('/forget/confirm', { schema: { response: { 200: forgetConfirmSchema } } }, async (_request, reply) => send(reply, await forget.confirm()));

  app.post('/forget/restore', { schema: { response: { 200: forgetRestoreSchema } } }, async (_request, reply) => send(reply, await forget.restore()));
}
