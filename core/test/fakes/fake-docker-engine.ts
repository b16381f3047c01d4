import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';

/**
 * A Docker engine's API on a unix socket, as the CLI meets one: answering (GET /_ping → "OK",
 * GET /info → the engine's description, with Docker's headers), or accepting connections and
 * never answering (an engine stuck, or a socket left to a dead proxy). Requests are recorded.
 */
export interface FakeEngine {
  socketPath: string;
  requests: string[];
  close(): Promise<void>;
}

export async function startFakeEngine(dir: string, opts: { mode: 'answers' | 'hangs'; info?: Record<string, unknown> }): Promise<FakeEngine> {
  const socketPath = path.join(dir, `engine-${opts.mode}.sock`);
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  let server: Server;
  if (opts.mode === 'answers') {
    const info = { ServerVersion: '20.10.24+dfsg1', OperatingSystem: 'Debian GNU/Linux 12 (bookworm)', SecurityOptions: ['name=seccomp,profile=default'], ...opts.info };
    server = createHttpServer((req, res) => {
      requests.push(`${req.method ?? ''} ${req.url ?? ''}`);
      res.setHeader('Api-Version', '1.41');
      res.setHeader('Server', 'Docker/20.10.24+dfsg1 (linux)');
      if (req.url === '/_ping') {
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.end('OK');
      } else if (req.url === '/info') {
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify(info));
      } else {
        res.statusCode = 404;
        res.end(JSON.stringify({ message: `page not found` }));
      }
    });
  } else {
    server = createServer((socket) => {
      requests.push('connection');
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
  }
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  return {
    socketPath,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
