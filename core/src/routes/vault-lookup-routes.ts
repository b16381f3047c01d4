import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { backlinksSchema, findBody, findQuery, findSchema, PATH_ERROR_CODES, pathQuery, resolveQuery, resolveSchema } from '../api/index.js';
import type { BacklinkFinder } from '../links/index.js';
import { resolveVaultPath, type IndexViews } from '../vault/index.js';
import { routeErrors } from '../http/index.js';

const errors = routeErrors();
const backlinkErrors = routeErrors(...PATH_ERROR_CODES);

/**
 * Lookups over the vault index that the browser cannot do without the whole listing:
 * GET or POST /vault/find (file names and paths, for the quick switcher and the tree filter) and
 * GET /vault/resolve (where wikilinks lead, for markdown that is not a note: answers, reviews)
 * and GET /vault/backlinks (which notes link to one).
 */
export async function vaultLookupRoutes(base: FastifyInstance, opts: { root: string; views: Pick<IndexViews, 'find' | 'resolve'>; backlinks: BacklinkFinder }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/vault/find', { schema: { querystring: findQuery, response: { 200: findSchema, ...errors.responses } } }, async (request) => opts.views.find(request.query.q, request.query.limit));
  // The same lookup with its fields in a JSON body, as the app sends it (a filter too long for a URL).
  app.post('/vault/find', { schema: { body: findBody, response: { 200: findSchema, ...errors.responses } } }, async (request) => opts.views.find(request.body.q, request.body.limit));

  // The notes linking to one (GET /vault/backlinks?path=), for the note view's "Linked from".
  app.get('/vault/backlinks', { schema: { querystring: pathQuery, response: { 200: backlinksSchema, ...backlinkErrors.responses } } }, async (request, reply) => {
    const resolved = await resolveVaultPath(opts.root, request.query.path);
    if (!resolved.ok) return backlinkErrors.send(reply, `path_${resolved.problem}`, resolved.message);
    return opts.backlinks.find(resolved.rel);
  });

  app.get('/vault/resolve', { schema: { querystring: resolveQuery, response: { 200: resolveSchema, ...errors.responses } } }, async (request) => ({
    links: opts.views.resolve(request.query.link, request.query.from),
  }));
}
