import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Questions } from '../activity/index.js';
import { answerSchema, askBody } from '../api/index.js';
import { routeErrors } from '../http/index.js';

/** How a question asked (or asked again) fails. */
const askErrors = routeErrors('empty_query', 'cancelled', 'model_unavailable', 'question_not_found', 'question_not_failed');

/**
 * The search agent's answer with the id it is kept under. A failure of a kept question names it
 * (`question_id`); a question refused before it was kept (empty, or none to ask again) does not.
 */
export function sendAnswer(reply: FastifyReply, asked: Awaited<ReturnType<Questions['retry']>>): FastifyReply {
  if (asked.ok) return reply.send({ ...asked.answer, question_id: asked.record.id });
  const kept = 'record' in asked ? asked.record : undefined;
  if (!kept) return askErrors.send(reply, asked.error, asked.message);
  if (asked.error === 'model_unavailable') reply.log.warn({ question: kept.id, err: asked.message }, 'search agent could not reach the model');
  return askErrors.send(reply, asked.error, asked.message, { question_id: kept.id });
}

/** The error answers of a route that answers with sendAnswer. */
export const askErrorResponses = askErrors.responses;

/**
 * POST /search: the read-only search agent, outside the update queue. Every question is kept
 * (with its answer or its error) and its id comes back as `question_id`.
 */
export async function questionRoutes(base: FastifyInstance, { questions }: { questions: Pick<Questions, 'ask'> }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post('/search', { schema: { body: askBody, response: { 200: answerSchema, ...askErrorResponses } } }, async (request, reply) => {
    return sendAnswer(reply, await questions.ask(request.body));
  });
}
