import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

/** What one path of the site answers: a page, a file, a redirect, or a misbehaviour. */
export type Route =
  | { kind: 'body'; type: string; body: string | Buffer; headers?: Record<string, string>; status?: number }
  | { kind: 'redirect'; to: string; status?: number }
  /** Bytes forever, without a length: a 2 GB (or endless) download. */
  | { kind: 'endless' }
  /** One byte every `everyMs`: a server that trickles. */
  | { kind: 'trickle'; everyMs: number }
  /** A few kB of gzip that inflate to `inflated` bytes. */
  | { kind: 'gzip-bomb'; inflated: number }
  /** Accepts the request and never answers. */
  | { kind: 'hang' };

export interface FixtureSite {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  /** `127.0.0.1:PORT`, as KNOWER_FETCH_ALLOW names it. */
  host: string;
  port: number;
  /** The requests the site received, in order: method, path, headers. */
  requests: Array<{ method: string; path: string; headers: IncomingMessage['headers'] }>;
  route(path: string, route: Route): void;
  close(): Promise<void>;
}

/**
 * A web site on 127.0.0.1 for capture tests: real HTTP, pages and files served as a site serves
 * them, and the ways sites misbehave (endless bodies, trickling bytes, redirect loops, hangs).
 */
export async function startFixtureSite(routes: Record<string, Route> = {}): Promise<FixtureSite> {
  const table = new Map(Object.entries(routes));
  const requests: FixtureSite['requests'] = [];
  const open = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
    const route = table.get((req.url ?? '').split('?')[0] ?? '');
    open.add(res);
    res.on('close', () => open.delete(res));
    serve(route, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    port,
    requests,
    route: (path, route) => void table.set(path, route),
    async close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function serve(route: Route | undefined, res: ServerResponse): void {
  if (!route) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    return;
  }
  switch (route.kind) {
    case 'body':
      res.writeHead(route.status ?? 200, { 'content-type': route.type, ...route.headers }).end(route.body);
      return;
    case 'redirect':
      res.writeHead(route.status ?? 302, { location: route.to }).end();
      return;
    case 'endless': {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const chunk = Buffer.alloc(256 * 1024, 0x61);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
      return;
    }
    case 'trickle': {
      res.writeHead(200, { 'content-type': 'text/html' });
      const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write('a')), route.everyMs);
      res.on('close', () => clearInterval(timer));
      return;
    }
    case 'gzip-bomb':
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(route.inflated, 0x20)));
      return;
    case 'hang':
      return;
  }
}

/** An article page as a news site serves it: navigation, the article, a footer, and its metadata. */
export function articlePage(opts: { title: string; author?: string; site?: string; published?: string; paragraphs: string[] }): string {
  const meta = [
    opts.author && `<meta name="author" content="${opts.author}">`,
    opts.site && `<meta property="og:site_name" content="${opts.site}">`,
    opts.published && `<meta property="article:published_time" content="${opts.published}">`,
  ]
    .filter(Boolean)
    .join('');
  const body = opts.paragraphs.map((p) => `<p>${p}</p>`).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${opts.title}</title>${meta}</head><body><nav><a href="/">Home</a> | <a href="/about">About</a></nav><article><h1>${opts.title}</h1>${body}</article><footer>© The site</footer></body></html>`;
}
