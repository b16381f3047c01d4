import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { activityPageSchema, activityQuery, answerSchema, idParams, questionSchema } from '../api/index.js';
import { isActivityCursor, isQuestionId, type Activity, type Questions } from '../activity/index.js';
import { askErrorResponses, sendAnswer } from './question-routes.js';
import { routeErrors } from '../http/index.js';

const listErrors = routeErrors('invalid_cursor');
const questionErrors = routeErrors('question_not_found');
const cancelErrors = routeErrors('question_not_found', 'question_not_pending');

/**
 * Activity: updates and questions together, newest first (GET /activity), one question
 * (GET /questions/:id) and asking a failed question again (POST /questions/:id/retry).
 */
export async function activityRoutes(base: FastifyInstance, { activity, questions }: { activity: Activity; questions: Pick<Questions, 'get' | 'cancel' | 'retry'> }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/activity', { schema: { querystring: activityQuery, response: { 200: activityPageSchema, ...listErrors.responses } } }, async (request, reply) => {
    const q = request.query;
    if (q.cursor !== undefined && !isActivityCursor(q.cursor)) return listErrors.send(reply, 'invalid_cursor');
    return activity.list({ limit: q.limit, ...(q.cursor ? { cursor: q.cursor } : {}) });
  });

  app.get('/questions/:id', { schema: { params: idParams, response: { 200: questionSchema, ...questionErrors.responses } } }, async (request, reply) => {
    const { id } = request.params;
    const record = isQuestionId(id) ? questions.get(id) : undefined;
    return record ?? questionErrors.send(reply, 'question_not_found');
  });

  // Stops a question being answered (its POST /search then answers 409 `cancelled`).
  app.post('/questions/:id/cancel', { schema: { params: idParams, response: { 200: questionSchema, ...cancelErrors.responses } } }, async (request, reply) => {
    const outcome = await questions.cancel(request.params.id);
    if (!outcome.ok) return cancelErrors.send(reply, outcome.error, outcome.message);
    return outcome.record;
  });

  app.post('/questions/:id/retry', { schema: { params: idParams, response: { 200: answerSchema, ...askErrorResponses } } }, async (request, reply) =>
    sendAnswer(reply, await questions.retry(request.params.id)),
  );
}
