import { request as httpRequest } from 'node:http';

export interface StreamEvent {
  type: string;
  data: unknown;
}

export interface EventStream {
  /**
   * True once the service has said `ready` (every event from then on is seen), false when the
   * stream could not be opened in time: the caller then asks the service instead (polling).
   */
  ready: Promise<boolean>;
  /** Settles when the stream ends, from either side. */
  closed: Promise<void>;
  close(): void;
}

/** How long the stream may take to open before the caller falls back to asking. */
const OPEN_TIMEOUT_MS = 3000;

/**
 * GET /sse, the service's event stream (the one the web app follows), parsed into events. Used
 * by the verbs that wait (`add --wait`, `ask`, `retry`): they see each step as it happens and
 * the outcome the moment it is known, without asking every second.
 */
export function openEventStream(baseUrl: string, token: string | undefined, onEvent: (event: StreamEvent) => void): EventStream {
  let settleReady: (ok: boolean) => void = () => undefined;
  let settleClosed: () => void = () => undefined;
  const ready = new Promise<boolean>((resolve) => (settleReady = resolve));
  const closed = new Promise<void>((resolve) => (settleClosed = resolve));
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (token) headers.authorization = `Bearer ${token}`;
  const timer = setTimeout(() => {
    settleReady(false);
    req.destroy();
  }, OPEN_TIMEOUT_MS);
  const end = () => {
    clearTimeout(timer);
    settleReady(false);
    settleClosed();
  };
  const req = httpRequest(new URL('/sse', baseUrl), { headers, agent: false }, (res) => {
    if (res.statusCode !== 200 || !String(res.headers['content-type']).startsWith('text/event-stream')) {
      res.resume();
      req.destroy();
      return;
    }
    res.setEncoding('utf8');
    let buffer = '';
    res.on('data', (chunk: string) => {
      buffer += chunk.replace(/\r\n?/g, '\n');
      for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
        const event = parseFrame(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (!event) continue;
        if (event.type === 'ready') {
          clearTimeout(timer);
          settleReady(true);
        }
        onEvent(event);
      }
    });
    res.on('close', end);
  });
  req.on('error', end);
  req.on('close', end);
  req.end();
  return { ready, closed, close: () => req.destroy() };
}

/** One `event:`/`data:` block; comments and `retry:` lines carry no event. */
function parseFrame(frame: string): StreamEvent | undefined {
  let type = 'message';
  const data: string[] = [];
  for (const line of frame.split('\n')) {
    if (line.startsWith('event:')) type = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  if (data.length === 0) return undefined;
  try {
    return { type, data: JSON.parse(data.join('\n')) };
  } catch {
    return { type, data: data.join('\n') };
  }
}
