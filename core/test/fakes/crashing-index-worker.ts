/**
 * The index lane's thread as it is, except that reading a note that holds a marker crashes it
 * the way a fault does: PROCESS_CRASH kills the whole worker process at once (a native crash,
 * or the system's OOM killer), THREAD_CRASH ends the thread alone (V8 out of memory in it).
 * Nothing is said first: the service learns of it as it would of the real thing.
 */
import fs, { readSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { parentPort } from 'node:worker_threads';

export const PROCESS_CRASH = 'knowercrashesprocess';
export const THREAD_CRASH = 'knowercrashesthread';

if (parentPort) {
  const read = readSync;
  const patched = (...args: Parameters<typeof readSync>) => {
    const n = read(...args);
    const buffer = args[1];
    if (Buffer.isBuffer(buffer)) {
      const text = buffer.toString('latin1', 0, n);
      if (text.includes(PROCESS_CRASH)) process.kill(process.pid, 'SIGKILL');
      if (text.includes(THREAD_CRASH)) process.exit(134);
    }
    return n;
  };
  (fs as { readSync: unknown }).readSync = patched;
  syncBuiltinESMExports();
  await import('../../src/search/worker/worker-main.js');
}
