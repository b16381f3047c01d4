import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, UPDATE_LIMITS } from '../api/index.js';
import { getInboxItem, isInboxId } from '../inbox/index.js';
import { publicView } from '../queue/index.js';
import { sendError } from './http-errors.js';
import { readUpdateBody } from './read-update-body.js';

export async function updateRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, { limits: { fileSize: UPDATE_LIMITS.imageBytes, files: UPDATE_LIMITS.images } });

  // No route-wide bodyLimit: multipart is bounded by the limits above (files × size, fields ×
  // size) and JSON by the app's 1 MB; a larger route limit would apply to JSON too.
  app.post('/update', async (request, reply) => {
    const body = await readUpdateBody(request);
    if (!body.ok) return sendError(reply, body.status, body.error, body.message);
    const { text, inboxRef, images } = body.update;
    if (!text.trim() && images.length === 0) return sendError(reply, 400, 'empty_update', 'the update has no text and no images');
    if (text.length > UPDATE_LIMITS.textChars) {
      return sendError(reply, 413, 'text_too_large', `the text has ${text.length} characters; the limit is ${UPDATE_LIMITS.textChars}`);
    }
    if (inboxRef !== undefined && !(isInboxId(inboxRef) && (await getInboxItem(app.knower.root, inboxRef)))) {
      return sendError(reply, 404, 'unknown_inbox_ref', `no pending inbox item ${JSON.stringify(inboxRef)} to reply to`);
    }
    const key = request.headers['idempotency-key'];
    if (Array.isArray(key) || (key !== undefined && (key.length === 0 || key.length > 200))) {
      return sendError(reply, 400, 'invalid_idempotency_key', 'Idempotency-Key must be one value of 1 to 200 characters');
    }
    const { record, duplicate, conflict } = await app.knower.queue.submit({ text, images, ...(inboxRef ? { inboxRef } : {}), ...(key ? { idempotencyKey: key } : {}) });
    if (conflict) {
      return sendError(reply, 422, 'idempotency_key_reused', `Idempotency-Key ${JSON.stringify(key)} was used ${record.created} for update ${record.id} with a different body; nothing was accepted. Use a new key for a new update.`);
    }
    if (duplicate) reply.header('idempotent-replayed', 'true');
    return reply.code(202).send({ status: 'accepted', id: record.id });
  });

  // A failed update's input, run again as a new update (the answer names it); see activity/retry-update.
  app.post('/updates/:id/retry', { schema: { params: idParams } }, async (request, reply) => {
    const outcome = await app.knower.retries.retry(request.params.id);
    if (!outcome.ok) return sendError(reply, outcome.error === 'update_not_found' ? 404 : 409, outcome.error, outcome.message);
    if (outcome.duplicate) reply.header('idempotent-replayed', 'true');
    return reply.code(202).send({ status: 'accepted', id: outcome.record.id, ...(outcome.record.retry_of ? { retry_of: outcome.record.retry_of } : {}) });
  });

  // Stops a queued or running update (see UpdateQueue.cancel: a run's changes so far are undone).
  app.post('/updates/:id/cancel', { schema: { params: idParams } }, async (request, reply) => {
    const outcome = await app.knower.queue.cancel(request.params.id);
    if (!outcome.ok) return sendError(reply, outcome.error === 'update_not_found' ? 404 : 409, outcome.error, outcome.message);
    return publicView(outcome.record);
  });

  app.get('/updates', async () => ({ updates: app.knower.queue.recent().map(publicView) }));

  app.get('/updates/:id', { schema: { params: idParams } }, async (request, reply) => {
    const record = app.knower.queue.get(request.params.id);
    if (!record) return sendError(reply, 404, 'update_not_found', 'no update with that id');
    return publicView(record);
  });
}
