import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, inboxItemSchema, inboxListSchema } from '../api/index.js';
import type { Inbox } from '../inbox/index.js';
import { routeErrors } from '../http/index.js';

const itemErrors = routeErrors('inbox_item_not_found');

export async function inboxRoutes(base: FastifyInstance, { inbox }: { inbox: Inbox }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/inbox', { schema: { response: { 200: inboxListSchema, ...routeErrors().responses } } }, async () => ({ items: await inbox.list() }));

  app.get('/inbox/:id', { schema: { params: idParams, response: { 200: inboxItemSchema, ...itemErrors.responses } } }, async (request, reply) => {
    const { id } = request.params;
    const item = await inbox.get(id);
    if (!item) return itemErrors.send(reply, 'inbox_item_not_found', `no pending inbox item ${JSON.stringify(id)}`);
    return item;
  });
}
