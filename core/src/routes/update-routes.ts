import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { acceptedSchema, idParams, retryAcceptedSchema, UPDATE_LIMITS, updateListSchema, updateStatusSchema } from '../api/index.js';
import type { UpdateRetry } from '../activity/index.js';
import type { UpdateQueue } from '../queue/index.js';
import { publicView } from '../records/index.js';
import type { Updates } from '../updates/index.js';
import { routeErrors } from '../http/index.js';
import { readUpdateBody } from './read-update-body.js';
import { FORM_REFUSALS, SUBMIT_REFUSALS } from './update-refusals.js';

/** What the update routes use: the one door for new updates, retry, and the queue for cancel and the records. */
export interface UpdateRouteServices {
  updates: Pick<Updates, 'submit' | 'receive' | 'discard'>;
  retries: Pick<UpdateRetry, 'retry'>;
  queue: Pick<UpdateQueue, 'cancel' | 'recent' | 'get'>;
}

const updateErrors = routeErrors(...SUBMIT_REFUSALS, ...FORM_REFUSALS);
const retryErrors = routeErrors(...SUBMIT_REFUSALS, 'update_not_found', 'update_not_failed', 'input_missing', 'changed_since');
const cancelErrors = routeErrors('update_not_found', 'update_finished');
const recordErrors = routeErrors('update_not_found');

export async function updateRoutes(base: FastifyInstance, { updates, retries, queue }: UpdateRouteServices): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, { limits: { fileSize: UPDATE_LIMITS.attachmentBytes, files: UPDATE_LIMITS.attachments } });

  // No route-wide bodyLimit: multipart is bounded by the limits above (files × size, fields ×
  // size) and JSON by the app's 1 MB; a larger route limit would apply to JSON too.
  app.post('/update', { schema: { response: { 202: acceptedSchema, ...updateErrors.responses } } }, async (request, reply) => {
    const body = await readUpdateBody(request, updates);
    if (!body.ok) return updateErrors.send(reply, body.error, body.message);
    const key = request.headers['idempotency-key'];
    const outcome = await updates.submit({ ...body.update, ...(key !== undefined ? { idempotencyKey: key } : {}) });
    if (!outcome.ok) return updateErrors.send(reply, outcome.error, outcome.message);
    if (outcome.duplicate) reply.header('idempotent-replayed', 'true');
    return reply.code(202).send({ status: 'accepted', id: outcome.record.id });
  });

  // A failed update's input, run again as a new update (the answer names it); see activity/retry-update.
  app.post('/updates/:id/retry', { schema: { params: idParams, response: { 202: retryAcceptedSchema, ...retryErrors.responses } } }, async (request, reply) => {
    const outcome = await retries.retry(request.params.id);
    if (!outcome.ok) return retryErrors.send(reply, outcome.error, outcome.message);
    if (outcome.duplicate) reply.header('idempotent-replayed', 'true');
    return reply.code(202).send({ status: 'accepted', id: outcome.record.id, ...(outcome.record.retry_of ? { retry_of: outcome.record.retry_of } : {}) });
  });

  // Stops a queued or running update (see UpdateQueue.cancel: a run's changes so far are undone).
  app.post('/updates/:id/cancel', { schema: { params: idParams, response: { 200: updateStatusSchema, ...cancelErrors.responses } } }, async (request, reply) => {
    const outcome = await queue.cancel(request.params.id);
    if (!outcome.ok) return cancelErrors.send(reply, outcome.error, outcome.message);
    return publicView(outcome.record);
  });

  app.get('/updates', { schema: { response: { 200: updateListSchema, ...routeErrors().responses } } }, async () => ({ updates: queue.recent().map(publicView) }));

  app.get('/updates/:id', { schema: { params: idParams, response: { 200: updateStatusSchema, ...recordErrors.responses } } }, async (request, reply) => {
    const record = queue.get(request.params.id);
    if (!record) return recordErrors.send(reply, 'update_not_found');
    return publicView(record);
  });
}
