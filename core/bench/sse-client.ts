/**
 * A minimal text/event-stream reader over fetch: the bench listens exactly as the browser
 * would, over real HTTP, and stamps each event with the moment its bytes arrived.
 */
import { withTimeout } from './stats.js';

export interface SseEvent {
  event: string;
  data: unknown;
  /** performance.now() when the chunk carrying the event was read. */
  at: number;
}

type Waiter = { match: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void };

export interface SseClient {
  /** Resolves with the first event from now on that matches; rejects after `timeoutMs`. */
  next(match: (e: SseEvent) => boolean, timeoutMs: number): Promise<SseEvent>;
  readonly received: number;
  close(): void;
}

export async function connectSse(url: string): Promise<SseClient> {
  const abort = new AbortController();
  const res = await fetch(url, { signal: abort.signal, headers: { accept: 'text/event-stream' } });
  const body = res.body;
  if (!res.ok || !body) throw new Error(`GET ${url} answered ${res.status}`);
  const waiters = new Set<Waiter>();
  let received = 0;
  let readyResolve: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (readyResolve = resolve));

  const dispatch = (block: string, at: number) => {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length === 0) return; // `retry:` and comment blocks carry no event
    received++;
    const parsed: SseEvent = { event, data: JSON.parse(data.join('\n')) as unknown, at };
    if (event === 'ready') readyResolve();
    for (const w of waiters) {
      if (!w.match(parsed)) continue;
      waiters.delete(w);
      w.resolve(parsed);
    }
  };

  void (async () => {
    const reader = body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        const at = performance.now();
        buffer += value.replace(/\r\n/g, '\n');
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          dispatch(buffer.slice(0, end), at);
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // aborted by close(), or the server ended the stream: waiters time out on their own
    }
  })();

  // The service subscribes the stream to its bus before sending `ready`: after it, no event is missed.
  await withTimeout(ready, 5000, 'the ready event on /sse');

  return {
    next(match, timeoutMs) {
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          match,
          resolve: (e) => {
            clearTimeout(timer);
            resolve(e);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching SSE event within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    get received() {
      return received;
    },
    close: () => abort.abort(),
  };
}
