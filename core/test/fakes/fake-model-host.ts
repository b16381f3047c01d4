import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for a Hugging Face endpoint: files under /<user>/<repo>/resolve/main/<file>, with
 * Range requests (206) as the real one serves them, behind a redirect like its CDN. A file can
 * misbehave the ways downloads do: cut off half-way once, stall, or answer with a portal's HTML.
 */
export type Behaviour = 'ok' | 'cut-once' | 'stall' | 'html';

export interface FakeModelHost {
  url: string;
  /** Every request: path and Range header. */
  requests: { path: string; range?: string }[];
  close(): Promise<void>;
}

export async function startFakeModelHost(files: Record<string, { body: Buffer; behaviour?: Behaviour }>): Promise<FakeModelHost> {
  const requests: FakeModelHost['requests'] = [];
  const cut = new Set<string>();
  const open = new Set<ServerResponse>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push({ path, ...(req.headers.range && { range: req.headers.range }) });
    if (path.includes('/resolve/main/')) {
      res.writeHead(302, { location: path.replace('/resolve/main/', '/cdn/') });
      return res.end();
    }
    const file = files[path.replace('/cdn/', '/resolve/main/')];
    if (!file) {
      res.writeHead(404);
      return res.end('not found');
    }
    if (file.behaviour === 'html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<!doctype html><html><body>Please sign in to the hotel wifi</body></html>');
    }
    const from = Number(/^bytes=(\d+)-$/.exec(req.headers.range ?? '')?.[1] ?? 0);
    if (from >= file.body.length && from > 0) {
      res.writeHead(416);
      return res.end();
    }
    const body = file.body.subarray(from);
    res.writeHead(from > 0 ? 206 : 200, { 'content-length': String(body.length), ...(from > 0 && { 'content-range': `bytes ${from}-${file.body.length - 1}/${file.body.length}` }) });
    if (file.behaviour === 'stall') {
      open.add(res);
      return res.write(body.subarray(0, 16)); // then nothing, ever
    }
    if (file.behaviour === 'cut-once' && !cut.has(path)) {
      cut.add(path);
      // Half the file reaches the client, then the connection drops.
      res.write(body.subarray(0, Math.floor(body.length / 2)), () => setTimeout(() => res.destroy(), 200));
      return;
    }
    res.end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((done) => {
        for (const res of open) res.destroy();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
