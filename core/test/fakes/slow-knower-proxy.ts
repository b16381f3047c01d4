import { request as httpRequest, createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the service received it, and when (in the proxy's own order of events) it was answered. */
export interface ProxiedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  status?: number;
}

export interface SlowKnowerProxy {
  url: string;
  requests: ProxiedRequest[];
  /** What happened, in order: the proxy adds `answered <METHOD> <path>` as it sends an answer on; a test adds its own lines. */
  log: string[];
  /** How long each answer is held before it is sent on (changeable between requests). */
  delayMs: number;
  close(): Promise<void>;
}

/**
 * A real Knower service behind a loopback proxy that holds every answer `delayMs` before
 * passing it on: the service doing its work as always, but answering late, as a loaded machine
 * or a busy queue makes it. It records every request as it arrived (headers and body), so a
 * test can say what reached the service, not only what it kept.
 */
export async function startSlowKnowerProxy(target: string, delayMs: number): Promise<SlowKnowerProxy> {
  const requests: ProxiedRequest[] = [];
  const log: string[] = [];
  const pending = new Set<NodeJS.Timeout>();
  const state = { delayMs };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const seen: ProxiedRequest = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body: body.toString('utf8') };
      requests.push(seen);
      const upstream = httpRequest(new URL(seen.url, target), { method: seen.method, headers: { ...req.headers, host: new URL(target).host } }, (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (c: Buffer) => parts.push(c));
        answer.on('end', () => {
          const timer = setTimeout(() => {
            pending.delete(timer);
            seen.status = answer.statusCode ?? 0;
            log.push(`answered ${seen.method} ${seen.url.split('?')[0]}`);
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(Buffer.concat(parts));
          }, state.delayMs);
          pending.add(timer);
        });
      });
      upstream.on('error', () => res.writeHead(502).end());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    log,
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(ms: number) {
      state.delayMs = ms;
    },
    close: async () => {
      for (const timer of pending) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
