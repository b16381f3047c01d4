import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { findQuery, resolveQuery } from '../api/index.js';
import type { IndexViews } from '../vault/index-views.js';

/**
 * Lookups over the vault index that the browser cannot do without the whole listing:
 * GET /vault/find (file names and paths, for the quick switcher and the tree filter) and
 * GET /vault/resolve (where wikilinks lead, for markdown that is not a note: answers, reviews).
 */
export async function vaultLookupRoutes(base: FastifyInstance, opts: { views: IndexViews }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/vault/find', { schema: { querystring: findQuery } }, async (request) => opts.views.find(request.query.q, request.query.limit));

  app.get('/vault/resolve', { schema: { querystring: resolveQuery } }, async (request) => ({
    links: opts.views.resolve(request.query.link, request.query.from),
  }));
}
