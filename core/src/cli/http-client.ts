/** What a request came to: an answer (any status), nothing listening, no answer in time, or another failure. */
export type HttpResult = { kind: 'answer'; status: number; body: Buffer } | { kind: 'down' } | { kind: 'timeout'; seconds: number } | { kind: 'error'; message: string };

export interface RequestOptions {
  /** The whole request, answer included, must end within this many seconds. */
  timeoutS: number;
  body?: Buffer | string;
  headers?: Record<string, string>;
  query?: Record<string, string | undefined>;
}

export interface HttpClient {
  baseUrl: string;
  request(method: string, path: string, opts: RequestOptions): Promise<HttpResult>;
}

/** Errors that mean nothing listens there (the service is not running). */
const DOWN = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);
const CONNECT_TIMEOUT_MS = 3000;

/**
 * node:http rather than fetch: fetch gives up waiting for response headers after 300 s, and
 * `knower embed` may rightly wait up to an hour for its answer.
 */
export function createHttpClient(baseUrl: string, token?: string): HttpClient {
  return {
    baseUrl,
    request(method, path, opts) {
      const url = new URL(path, baseUrl);
      for (const [key, value] of Object.entries(opts.query ?? {})) if (value !== undefined) url.searchParams.set(key, value);
      const headers: Record<string, string> = { ...opts.headers };
      if (token) headers.authorization = `Bearer ${token}`;
      if (opts.body !== undefined) headers['content-length'] = String(Buffer.byteLength(opts.body));
      // Taken when a request is made (`--help` makes none), with getBuiltinModule, not imported: on
      // Node 22 an ESM import of node:http builds its namespace by reading every export, and one
      // (a lazy getter) loads the built-in WebSocket client and HTTP/2, which cost a command more
      // than Node's own start.
      const httpRequest = process.getBuiltinModule('node:http').request;
      return new Promise((resolve) => {
        let settled = false;
        const settle = (result: HttpResult) => {
          if (settled) return;
          settled = true;
          clearTimeout(overall);
          clearTimeout(connecting);
          resolve(result);
        };
        // agent: false: no keep-alive socket outlives the command.
        const req = httpRequest(url, { method, headers, agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => settle({ kind: 'answer', status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
          res.on('error', (err) => settle({ kind: 'error', message: err.message }));
        });
        const overall = setTimeout(() => {
          settle({ kind: 'timeout', seconds: opts.timeoutS });
          req.destroy();
        }, opts.timeoutS * 1000);
        const connecting = setTimeout(
          () => {
            settle({ kind: 'timeout', seconds: CONNECT_TIMEOUT_MS / 1000 });
            req.destroy();
          },
          Math.min(CONNECT_TIMEOUT_MS, opts.timeoutS * 1000),
        );
        req.on('socket', (socket) => {
          socket.once('connect', () => clearTimeout(connecting));
        });
        req.on('error', (err: NodeJS.ErrnoException) => {
          settle(DOWN.has(err.code ?? '') ? { kind: 'down' } : { kind: 'error', message: err.message });
        });
        req.end(opts.body);
      });
    },
  };
}

/** The answer's body as JSON; undefined when it is not JSON. */
export function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}
