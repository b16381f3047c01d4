import type { WorkerCall, WorkerClient } from '../../src/search/worker-client.js';
import type { OpenResult } from '../../src/search/worker/protocol.js';

/**
 * A search worker as the pool sees it: like the real lane's thread, it answers one request at a
 * time, in the order they were sent (a request sent while it is busy waits inside it); each
 * answer comes when the test says (or never), like a query that is quick or runs away. stop()
 * fails whatever it holds, as ending the thread does; retire() lets an idle one go. `opened`:
 * what it said on opening its database.
 */
export function fakeWorker(answer: (query: string) => Promise<void> | 'never', opened?: OpenResult) {
  const pending = new Set<(r: WorkerCall<never>) => void>();
  let starts = 0;
  let running = false;
  // One thread's turn after another; a stop starts a new thread with a line of its own.
  let line: Promise<void> = Promise.resolve();
  const client = {
    get starts() {
      return starts;
    },
    get pid() {
      return running ? 1000 + starts : undefined;
    },
    get inFlight() {
      return pending.size;
    },
    opened,
    async call(_op: string, args: { query: string }, opts?: { onSent?: () => void }) {
      if (!running) {
        running = true;
        starts++;
        line = Promise.resolve();
      }
      opts?.onSent?.();
      return new Promise<WorkerCall<never>>((resolve) => {
        pending.add(resolve);
        line = line.then(async () => {
          if (!pending.has(resolve)) return; // failed by a stop while it waited
          const done = answer(args.query);
          await (done === 'never' ? new Promise<void>(() => undefined) : done);
          if (!pending.delete(resolve)) return;
          resolve({ ok: true, value: { ok: true, hits: [] } as never });
        });
      });
    },
    stop(reason: string) {
      running = false;
      for (const settle of pending) settle({ ok: false, error: reason });
      pending.clear();
    },
    retire() {
      if (!running || pending.size > 0) return false;
      running = false;
      return true;
    },
    close: async () => undefined,
  };
  return client as unknown as WorkerClient;
}
