import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Asked } from '../activity/index.js';
import { sendError } from './http-errors.js';

const answerSchema = {
  body: {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 1, maxLength: 4000 },
      mode: { type: 'string', enum: ['fast', 'deep'] },
      scope: { type: 'string', pattern: '^project:[^/\\\\.][^/\\\\]*$', maxLength: 200 },
    },
    required: ['query'],
    additionalProperties: false,
  },
} as const;

/** The search agent's answer with the id it is kept under; a model fault is a 503 naming the kept question. */
export function sendAnswer(reply: FastifyReply, asked: Asked): FastifyReply {
  if (asked.ok) return reply.send({ ...asked.answer, question_id: asked.record.id });
  reply.log.warn({ question: asked.record.id, err: asked.message }, 'search agent could not reach the model');
  return reply.code(503).send({ error: asked.error, message: asked.message, question_id: asked.record.id });
}

/**
 * POST /search: the read-only search agent, outside the update queue. Every question is kept
 * (with its answer or its error) and its id comes back as `question_id`.
 */
export async function answerRoutes(app: FastifyInstance): Promise<void> {
  app.post('/search', { schema: answerSchema }, async (request, reply) => {
    const body = request.body as { query: string; mode?: 'fast' | 'deep'; scope?: string };
    if (!body.query.trim()) return sendError(reply, 400, 'empty_query', 'the question is empty');
    return sendAnswer(reply, await app.knower.questions.ask(body));
  });
}
