import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { modelsSchema, searchBody, searchHitsSchema, searchQuery, type SearchParams } from '../api/index.js';
import type { SearchEngine } from '../search/index.js';
import { routeErrors } from '../http/index.js';

const errors = routeErrors();
const embedErrors = routeErrors('embed_unavailable');

export async function searchRoutes(base: FastifyInstance, { search }: { search: Pick<SearchEngine, 'search' | 'models' | 'pullModels' | 'embed'> }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  const run = ({ q, mode, scope, limit, context }: SearchParams) => search.search({ query: q, mode, scope, limit, context });
  // Hits go out uncompressed: a few kB, where compressing cost ~0.5 ms of a search's 3-12 ms.
  app.get('/vault/search', { compress: false, schema: { querystring: searchQuery, response: { 200: searchHitsSchema, ...errors.responses } } }, async (request) => run(request.query));
  // The same search with its fields in a JSON body: what the CLI and the app send, whatever the length.
  app.post('/vault/search', { compress: false, schema: { body: searchBody, response: { 200: searchHitsSchema, ...errors.responses } } }, async (request) => run(request.body));

  // qmd's models: which are on disk, and the download under way or last finished.
  app.get('/models', { schema: { response: { 200: modelsSchema, ...errors.responses } } }, async () => search.models());

  // Starts a download of the missing models (or joins one under way) and answers at once;
  // GET /models follows it. A failure is reported there and in /health, never fatal.
  app.post('/models/pull', { schema: { response: { 202: modelsSchema, ...errors.responses } } }, async (_request, reply) => {
    void search.pullModels();
    return reply.code(202).send(await search.models());
  });

  // No success schema: the embedder's outcome, as it is.
  app.post('/embed', { schema: { response: embedErrors.responses } }, async (_request, reply) => {
    const outcome = await search.embed();
    return outcome.ok ? outcome : embedErrors.send(reply, 'embed_unavailable', outcome.error ?? 'embedding failed');
  });
}
