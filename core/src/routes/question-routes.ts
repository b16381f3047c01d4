import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Asked, Questions } from '../activity/index.js';
import { answerSchema, askBody } from '../api/index.js';
import { sendError } from '../http/index.js';

/** The search agent's answer with the id it is kept under; a model fault is a 503 naming the kept question. */
export function sendAnswer(reply: FastifyReply, asked: Asked): FastifyReply {
  if (asked.ok) return reply.send({ ...asked.answer, question_id: asked.record.id });
  if (asked.error === 'empty_query') return sendError(reply, 400, asked.error, asked.message);
  if (asked.error === 'cancelled') return reply.code(409).send({ error: asked.error, message: asked.message, question_id: asked.record.id });
  reply.log.warn({ question: asked.record.id, err: asked.message }, 'search agent could not reach the model');
  return reply.code(503).send({ error: asked.error, message: asked.message, question_id: asked.record.id });
}

/**
 * POST /search: the read-only search agent, outside the update queue. Every question is kept
 * (with its answer or its error) and its id comes back as `question_id`.
 */
export async function questionRoutes(base: FastifyInstance, { questions }: { questions: Pick<Questions, 'ask'> }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post('/search', { schema: { body: askBody, response: { 200: answerSchema } } }, async (request, reply) => {
    return sendAnswer(reply, await questions.ask(request.body));
  });
}
