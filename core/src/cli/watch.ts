import { openEventStream, type StreamEvent } from './event-stream.js';

export interface Watch {
  /** The stream is open: events are seen as they happen. False: the caller asks the service instead. */
  readonly live: boolean;
  /**
   * The next event that matches, the buffered ones first (a watch opened before a request sees
   * what the request caused, however fast). Undefined when the stream ends or `signal` aborts.
   */
  next(match: (event: StreamEvent) => boolean, signal: AbortSignal): Promise<StreamEvent | undefined>;
  close(): void;
}

/** Events kept for a `next` not asked yet: a long run's steps, with room to spare. */
const BUFFERED = 5000;

/** Opens the service's event stream and keeps its events for `next`; a watch that could not open is not live. */
export async function watchEvents(baseUrl: string, token: string | undefined): Promise<Watch> {
  const buffer: StreamEvent[] = [];
  let wake: (() => void) | undefined;
  let ended = false;
  const stream = openEventStream(baseUrl, token, (event) => {
    buffer.push(event);
    if (buffer.length > BUFFERED) buffer.shift();
    wake?.();
  });
  void stream.closed.then(() => {
    ended = true;
    wake?.();
  });
  const live = await stream.ready;
  if (!live) stream.close();
  return {
    get live() {
      return live && !ended;
    },
    async next(match, signal) {
      for (;;) {
        const at = buffer.findIndex(match);
        if (at !== -1) return buffer.splice(at, 1)[0];
        // Looked at and not wanted: dropped, so that a long wait does not search them again.
        buffer.length = 0;
        if (ended || signal.aborted) return undefined;
        await new Promise<void>((resolve) => {
          const done = () => {
            wake = undefined;
            signal.removeEventListener('abort', done);
            resolve();
          };
          wake = done;
          signal.addEventListener('abort', done);
        });
      }
    },
    close: () => stream.close(),
  };
}
