import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { describeError, errorStatus, routeErrors, type DeclaredCode } from '../http/index.js';
import { acceptedSchema, UPDATE_LIMITS } from '../api/index.js';
import { readShareBody } from './share-body.js';
import { FORM_REFUSALS, SUBMIT_REFUSALS } from './update-refusals.js';
import type { Updates } from '../updates/index.js';

const shareErrors = routeErrors(...SUBMIT_REFUSALS, ...FORM_REFUSALS);

type Outcome = { ok: true; id: string } | { ok: false; error: DeclaredCode<typeof shareErrors>; message: string };

/**
 * POST /share: the web app's share target. A phone's share sheet opens the installed app with a
 * multipart POST to this URL; it becomes an update through the same queue, limits and checks as
 * POST /update. The security hook takes it from the app's own pages and from a launch by the
 * phone's share sheet (`Sec-Fetch-Site: none`, see security/origin-check.ts), never from another
 * site's page; the app's service worker leaves the request alone, so the browser's own fetch
 * metadata reaches this route.
 *
 * A page navigation gets a redirect back into the app (`?shared=<id>` or `?share_error=`, which
 * the app turns into its Activity entry or a message); a fetch asking for JSON gets JSON.
 */
export async function shareRoutes(app: FastifyInstance, { updates }: { updates: Pick<Updates, 'submit' | 'receive' | 'discard'> }): Promise<void> {
  await app.register(multipart, { limits: { fileSize: UPDATE_LIMITS.attachmentBytes, files: UPDATE_LIMITS.attachments } });

  // No route-wide bodyLimit: the multipart limits above bound a share, and anything else keeps
  // the app's 1 MB limit (a route's bodyLimit would also let an 81 MB JSON body be parsed).
  // A page navigation gets a redirect (303), a fetch for JSON the accepted update (202, checked against its schema).
  app.post('/share', { schema: { response: { 202: acceptedSchema, ...shareErrors.responses } } }, async (request, reply) => {
    const outcome = await share(updates, request).catch((err: { statusCode?: number; code?: string; message: string }): Outcome => {
      const { code, message } = describeError(err);
      if (errorStatus(code) >= 500) request.log.error({ err }, 'share failed');
      return { ok: false, error: code, message };
    });
    return respond(request, reply, outcome);
  });
}

async function share(updates: Pick<Updates, 'submit' | 'receive' | 'discard'>, request: FastifyRequest): Promise<Outcome> {
  if (!request.isMultipart()) {
    return { ok: false, error: 'unsupported_media_type', message: 'a share is sent as multipart/form-data (title, text, url, files)' };
  }
  const body = await readShareBody(request, updates);
  if (!body.ok) return body;
  const outcome = await updates.submit(body.update);
  if (!outcome.ok) return outcome;
  return { ok: true, id: outcome.record.id };
}

function respond(request: FastifyRequest, reply: FastifyReply, outcome: Outcome): FastifyReply {
  const accept = request.headers.accept ?? '';
  const wantsJson = accept.includes('application/json') && !accept.includes('text/html');
  if (wantsJson) {
    return outcome.ok ? reply.code(202).send({ status: 'accepted', id: outcome.id }) : shareErrors.send(reply, outcome.error, outcome.message);
  }
  // The code only, never a sentence: the app says it in its own words, so a link made by
  // someone else (`/?share_error=…`) cannot put their text on the app's screen.
  const query = outcome.ok ? `shared=${encodeURIComponent(outcome.id)}` : `share_error=${encodeURIComponent(outcome.error)}`;
  return reply.redirect(`/?${query}#/activity`, 303);
}
