import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { describeError, sendError } from './http-errors.js';
import { UPDATE_LIMITS } from '../api/index.js';
import { readShareBody } from './share-body.js';

type Outcome = { ok: true; id: string } | { ok: false; status: number; error: string; message: string };

/**
 * POST /share: the web app's share target. A phone's share sheet opens the installed app with a
 * multipart POST to this URL; it becomes an update through the same queue, limits and checks as
 * POST /update. The security hook treats it like any other write (same origin only): the app's
 * service worker receives the share and forwards it from the app's own origin.
 *
 * A page navigation gets a redirect back into the app (`?shared=<id>` or `?share_error=`, which
 * the app turns into its Activity entry or a message); a fetch asking for JSON gets JSON.
 */
export async function shareRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: UPDATE_LIMITS.imageBytes, files: UPDATE_LIMITS.images } });

  app.post('/share', { bodyLimit: UPDATE_LIMITS.images * UPDATE_LIMITS.imageBytes + 1024 * 1024 }, async (request, reply) => {
    const outcome = await share(app, request).catch((err: { statusCode?: number; code?: string; message: string }): Outcome => {
      const { status, error, message } = describeError(err);
      if (status >= 500) request.log.error({ err }, 'share failed');
      return { ok: false, status, error, message };
    });
    return respond(request, reply, outcome);
  });
}

async function share(app: FastifyInstance, request: FastifyRequest): Promise<Outcome> {
  if (!request.isMultipart()) {
    return { ok: false, status: 415, error: 'unsupported_media_type', message: 'a share is sent as multipart/form-data (title, text, url, images)' };
  }
  const body = await readShareBody(request);
  if (!body.ok) return body;
  if (!body.text && body.images.length === 0) return { ok: false, status: 400, error: 'empty_update', message: 'the share has no text, link or image' };
  if (body.text.length > UPDATE_LIMITS.textChars) {
    return { ok: false, status: 413, error: 'text_too_large', message: `the text has ${body.text.length} characters; the limit is ${UPDATE_LIMITS.textChars}` };
  }
  const { record } = await app.knower.queue.submit({ text: body.text, images: body.images });
  return { ok: true, id: record.id };
}

function respond(request: FastifyRequest, reply: FastifyReply, outcome: Outcome): FastifyReply {
  const accept = request.headers.accept ?? '';
  const wantsJson = accept.includes('application/json') && !accept.includes('text/html');
  if (wantsJson) {
    return outcome.ok ? reply.code(202).send({ status: 'accepted', id: outcome.id }) : sendError(reply, outcome.status, outcome.error, outcome.message);
  }
  const query = outcome.ok ? `shared=${encodeURIComponent(outcome.id)}` : `share_error=${encodeURIComponent(outcome.message)}`;
  return reply.redirect(`/?${query}#/activity`, 303);
}
