import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { EventBus, KnowerEvent } from '../events/index.js';
import { routeErrors } from '../http/index.js';

const HEARTBEAT_MS = 15_000;

/** GET /sse: one text/event-stream per client; the event name is the event's type. */
export async function sseRoutes(app: FastifyInstance, { bus }: { bus: Pick<EventBus, 'subscribe'> }): Promise<void> {
  const open = new Set<ServerResponse>();
  // Streams never end on their own: end them so a graceful close does not wait forever.
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });

  // No success schema: an event stream written to the raw response (hijacked). The edge's
  // refusals come before it, as JSON.
  app.get('/sse', { schema: { response: routeErrors().responses } }, (request, reply) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // Proxies (nginx) must not buffer the stream.
      'x-accel-buffering': 'no',
    });
    const send = (event: KnowerEvent | { type: 'ready'; data: object }) => {
      res.write(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
    };
    res.write('retry: 2000\n\n');
    send({ type: 'ready', data: {} });
    open.add(res);
    const unsubscribe = bus.subscribe(send);
    // A named event, not a comment: the browser can then notice a stream that silently died.
    const heartbeat = setInterval(() => res.write(`event: heartbeat\ndata: {}\n\n`), HEARTBEAT_MS);
    request.raw.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(res);
    });
  });
}
