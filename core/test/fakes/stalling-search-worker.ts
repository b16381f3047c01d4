/**
 * A search lane's thread that behaves like the real one, except that a query holding
 * STALL_MARKER blocks it the way a runaway SQLite query does: synchronously, deaf to every other
 * message, until the service stops it.
 */
import { parentPort } from 'node:worker_threads';

export const STALL_MARKER = 'stallmarker';

parentPort?.on('message', (req: { op?: string; args?: { query?: string } }) => {
  if (req.op === 'search' && req.args?.query?.includes(STALL_MARKER)) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10 * 60_000);
});

// Imported by the tests for STALL_MARKER, it is only a lane when it runs as a thread.
if (parentPort) await import('../../src/search/worker/worker-main.js');
