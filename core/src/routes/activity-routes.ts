import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { activityPageSchema, activityQuery, answerSchema, idParams, questionSchema } from '../api/index.js';
import { isActivityCursor, isQuestionId, type Activity, type Questions } from '../activity/index.js';
import { sendAnswer } from './question-routes.js';
import { sendError } from '../http/index.js';

/**
 * Activity: updates and questions together, newest first (GET /activity), one question
 * (GET /questions/:id) and asking a failed question again (POST /questions/:id/retry).
 */
export async function activityRoutes(base: FastifyInstance, { activity, questions }: { activity: Activity; questions: Pick<Questions, 'get' | 'cancel' | 'retry'> }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/activity', { schema: { querystring: activityQuery, response: { 200: activityPageSchema } } }, async (request, reply) => {
    const q = request.query;
    if (q.cursor !== undefined && !isActivityCursor(q.cursor)) return sendError(reply, 400, 'invalid_cursor', 'cursor must be a next_cursor from an earlier page');
    return activity.list({ limit: q.limit, ...(q.cursor ? { cursor: q.cursor } : {}) });
  });

  app.get('/questions/:id', { schema: { params: idParams, response: { 200: questionSchema } } }, async (request, reply) => {
    const { id } = request.params;
    const record = isQuestionId(id) ? questions.get(id) : undefined;
    return record ?? sendError(reply, 404, 'question_not_found', 'no question with that id');
  });

  // Stops a question being answered (its POST /search then answers 409 `cancelled`).
  app.post('/questions/:id/cancel', { schema: { params: idParams, response: { 200: questionSchema } } }, async (request, reply) => {
    const outcome = await questions.cancel(request.params.id);
    if (!outcome.ok) return sendError(reply, outcome.error === 'question_not_found' ? 404 : 409, outcome.error, outcome.message);
    return outcome.record;
  });

  app.post('/questions/:id/retry', { schema: { params: idParams, response: { 200: answerSchema } } }, async (request, reply) => {
    const outcome = await questions.retry(request.params.id);
    if (!outcome.ok && outcome.error !== 'model_unavailable') {
      return sendError(reply, outcome.error === 'question_not_found' ? 404 : 409, outcome.error, outcome.message);
    }
    return sendAnswer(reply, outcome);
  });
}
