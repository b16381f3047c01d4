import type { FastifyInstance } from 'fastify';
import type { IndexViews } from '../vault/index-views.js';

const findQuery = {
  querystring: {
    type: 'object',
    properties: {
      q: { type: 'string', minLength: 1, maxLength: 500 },
      limit: { type: 'integer', minimum: 1, maximum: 200, default: 30 },
    },
    required: ['q'],
  },
} as const;

const resolveQuery = {
  querystring: {
    type: 'object',
    properties: {
      from: { type: 'string', maxLength: 4096, default: '' },
      // Repeated (`link=a&link=b`); one value is taken as a list of one.
      link: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 1024 }, minItems: 1, maxItems: 500 },
    },
    required: ['link'],
  },
} as const;

/**
 * Lookups over the vault index that the browser cannot do without the whole listing:
 * GET /vault/find (file names and paths, for the quick switcher and the tree filter) and
 * GET /vault/resolve (where wikilinks lead, for markdown that is not a note: answers, reviews).
 */
export async function vaultLookupRoutes(app: FastifyInstance, opts: { views: IndexViews }): Promise<void> {
  app.get('/vault/find', { schema: findQuery }, async (request) => {
    const { q, limit } = request.query as { q: string; limit: number };
    return opts.views.find(q, limit);
  });

  app.get('/vault/resolve', { schema: resolveQuery }, async (request) => {
    const { from, link } = request.query as { from: string; link: string[] };
    return { links: opts.views.resolve(link, from) };
  });
}
