import type { SearchLog } from './types.js';
import type { ArgsOf, CallOptions, WorkerCall, WorkerClient } from './worker-client.js';
import type { RequestOp, Results } from './worker/protocol.js';

export interface IndexCallOptions extends CallOptions {
  /** Wait out the lane's back-off after crashes (a scan, a rebuild) instead of answering at once (a save). */
  wait?: boolean;
}

export interface IndexCalls {
  call<Op extends RequestOp>(op: Op, args: ArgsOf<Op>, opts?: IndexCallOptions): Promise<WorkerCall<Results[Op]>>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)).unref());

/**
 * Calls to the index lane that survive its crashes: a call the worker (or its thread) died
 * under is sent again, to a worker started again, at once after a first crash, after the lane's
 * back-off while crashes keep coming (restart-backoff.ts). Nothing here gives up on the worker:
 * a note that crashes it is set aside by the worker itself (crash-guard.ts).
 */
export function createIndexCalls(deps: { indexer: WorkerClient; log: SearchLog; closed: () => boolean }): IndexCalls {
  return {
    async call(op, args, opts = {}) {
      for (;;) {
        const res = await deps.indexer.call(op, args, opts);
        if (res.ok || res.timedOut || deps.closed()) return res;
        if (res.restartAt !== undefined) {
          if (!opts.wait) return res;
          await sleep(res.restartAt - Date.now());
          continue;
        }
        // Any other failure is the call's own (a database that cannot open, a full disk): said once, by the caller.
        if (!/exited/.test(res.error)) return res;
        deps.log('warn', 'index worker crashed; restarting it', { error: res.error, op });
      }
    },
  };
}
