import type { FastifyInstance } from 'fastify';
import { isModelError } from '../llm/index.js';
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

/** POST /search: the read-only search agent, outside the update queue. */
export async function answerRoutes(app: FastifyInstance): Promise<void> {
  app.post('/search', { schema: answerSchema }, async (request, reply) => {
    const body = request.body as { query: string; mode?: 'fast' | 'deep'; scope?: string };
    if (!body.query.trim()) return sendError(reply, 400, 'empty_query', 'the question is empty');
    try {
      return await app.knower.agents.answer(body);
    } catch (err) {
      if (!isModelError(err)) throw err;
      request.log.warn({ err }, 'search agent could not reach the model');
      return sendError(reply, 503, 'model_unavailable', `the model could not answer: ${err.message}`);
    }
  });
}
