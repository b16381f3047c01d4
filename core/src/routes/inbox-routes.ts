import type { FastifyInstance } from 'fastify';
import { getInboxItem, listInboxItems } from '../inbox/index.js';
import { sendError } from './http-errors.js';

export async function inboxRoutes(app: FastifyInstance): Promise<void> {
  app.get('/inbox', async () => ({ items: await listInboxItems(app.knower.root) }));

  app.get('/inbox/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const item = await getInboxItem(app.knower.root, id);
    if (!item) return sendError(reply, 404, 'inbox_item_not_found', `no pending inbox item ${JSON.stringify(id)}`);
    return item;
  });
}
