/**
 * A search worker that behaves like the real one, except that a query holding STALL_MARKER
 * blocks it the way a runaway SQLite query does: synchronously, deaf to every other message,
 * until the service stops it.
 */
export const STALL_MARKER = 'stallmarker';

process.on('message', (req: { op?: string; args?: { query?: string } }) => {
  if (req.op === 'search' && req.args?.query?.includes(STALL_MARKER)) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10 * 60_000);
});

await import('../../src/search/worker/worker-main.js');
