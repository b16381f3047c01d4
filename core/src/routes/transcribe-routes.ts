import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { transcribeBody, transcribeQueuedSchema, transcribeStatusSchema } from '../api/index.js';
import { routeErrors } from '../http/index.js';
import type { Transcriptions } from '../updates/index.js';

/** GET /transcribe: whether a transcriber is set up, and the audio waiting for one. POST: transcribe it. */
const transcribeErrors = routeErrors('no_transcriber', 'nothing_to_transcribe');

export async function transcribeRoutes(base: FastifyInstance, { transcriptions }: { transcriptions: Transcriptions }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/transcribe', { schema: { response: { 200: transcribeStatusSchema, ...routeErrors().responses } } }, () => transcriptions.status());
  app.post('/transcribe', { schema: { body: transcribeBody.nullish(), response: { 202: transcribeQueuedSchema, ...transcribeErrors.responses } } }, async (request, reply) => {
    const outcome = await transcriptions.transcribe(request.body?.paths);
    if (!outcome.ok) return transcribeErrors.send(reply, outcome.error, outcome.message);
    return reply.code(202).send(outcome.result);
  });
}
