/**
 * A search lane's thread that behaves like the real one, except that a query holding
 * STALL_MARKER blocks it the way a runaway SQLite query does: synchronously, deaf to every other
 * message, until the service stops it; and one holding HEAVY_MARKER keeps it busy for
 * HEAVY_MS first, as ranking a common word in a large vault does.
 */
import { parentPort } from 'node:worker_threads';

export const STALL_MARKER = 'stallmarker';
export const HEAVY_MARKER = 'heavymarker';
export const HEAVY_MS = 300;

const block = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

parentPort?.on('message', (req: { op?: string; args?: { query?: string } }) => {
  if (req.op !== 'search') return;
  if (req.args?.query?.includes(STALL_MARKER)) block(10 * 60_000);
  if (req.args?.query?.includes(HEAVY_MARKER)) block(HEAVY_MS);
});

// Imported by the tests for STALL_MARKER, it is only a lane when it runs as a thread.
if (parentPort) await import('../../src/search/worker/worker-main.js');
