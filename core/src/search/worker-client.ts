import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createBackoff, restartingSentence, type BackoffOptions } from './restart-backoff.js';
import type { HostMessage, HostReply, OpenArgs, OpenResult, Reply, Request, RequestOp, Results, ScanProgress, SyncResult } from './worker/protocol.js';

/**
 * `code`: SQLite's error code when SQLite failed in the worker. `restartAt`: the lane crashed
 * and waits out its back-off until then (the call was not sent).
 */
export type WorkerCall<T> = { ok: true; value: T } | { ok: false; error: string; timedOut?: boolean; code?: string; restartAt?: number };

export interface WorkerClient {
  /** Starts the worker if needed (opening the database) and sends one request. Never throws. */
  call<Op extends RequestOp>(op: Op, args: ArgsOf<Op>, opts?: CallOptions): Promise<WorkerCall<Results[Op]>>;
  /** Worker starts since the client was made (a restart after a crash counts). */
  readonly starts: number;
  /** The process id of the worker running this lane, if it runs. */
  readonly pid: number | undefined;
  /** What the worker said when it last opened the database. */
  readonly opened: OpenResult | undefined;
  /** Requests sent and not answered yet. */
  readonly inFlight: number;
  /** After crashes in a row: when the lane may start again (calls until then are refused). */
  readonly restartAt: number | undefined;
  /** The lane's crashes in the current run of them, and what the last one said. */
  readonly crashes: { inARow: number; last?: string };
  /** Ends the lane's thread now (its unanswered calls fail with `reason`); the next call starts another. */
  stop(reason: string): void;
  /** Lets an idle lane go (it closes its database); the next call starts another. False when busy or not running. */
  retire(): boolean;
  close(): Promise<void>;
}

export interface CallOptions {
  timeoutMs?: number;
  /** Called when the request goes out (after the worker has started and opened its database). */
  onSent?: () => void;
  onBatch?: (batch: SyncResult, progress: ScanProgress) => void;
}

export type ArgsOf<Op extends RequestOp> = Extract<Request, { op: Op }> extends { args: infer A } ? A : undefined;

interface Pending {
  settle: (reply: Extract<Reply, { ok: boolean }>) => void;
  onBatch?: (batch: SyncResult, progress: ScanProgress) => void;
}

/** One run of a lane: a thread of the worker process, from its first request to its end. */
interface LaneRun {
  key: string;
  process: WorkerProcess;
  pending: Map<number, Pending>;
  opened: Promise<WorkerCall<Results['open']>>;
  gone: boolean;
  /** Told when the run ends by a crash (its thread or the process died), not by being let go. */
  crashed: (reason: string) => void;
}

interface WorkerProcess {
  child: ChildProcess;
  runs: Map<string, LaneRun>;
  stderr: string;
  gone: boolean;
}

/**
 * The worker process keeps its garbage small: what it holds lives in SQLite, and V8's default
 * young generation (up to 32 MB a semi-space) would be most of its memory (see
 * config/node-flags.ts). Each lane's thread allocates: two malloc arenas, as for the service.
 */
const WORKER_NODE_FLAGS = ['--max-semi-space-size=1'];
const WORKER_ENV = { MALLOC_ARENA_MAX: '2' };

/** The worker process's entry point next to this file; from the sources (tests, tsx) it runs through tsx. */
function hostEntry(): { file: string; execArgv: string[] } {
  if (import.meta.url.endsWith('.ts')) return { file: fileURLToPath(new URL('./worker/worker-host.ts', import.meta.url)), execArgv: ['--import', import.meta.resolve('tsx')] };
  return { file: fileURLToPath(new URL('./worker/worker-host.js', import.meta.url)), execArgv: WORKER_NODE_FLAGS };
}

export interface WorkerHostOptions {
  nodeBinary: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
}

export interface LaneOptions {
  open: OpenArgs;
  openTimeoutMs?: number;
  /** How soon the lane starts again after crashes (restart-backoff.ts). */
  backoff?: BackoffOptions;
  /** Another entry point for the lane's thread (tests: a stand-in that stalls like a runaway query). */
  entry?: string;
}

export interface WorkerHost {
  /** A lane of the worker process: a thread with its own connection, started on its first call. */
  lane(name: string, opts: LaneOptions): WorkerClient;
  /** The worker process's id, if it runs. */
  readonly pid: number | undefined;
  /** Ends every lane (each closes its database) and the process. */
  close(): Promise<void>;
}

/**
 * The service's side of the worker process: started on the first call of any lane, restarted by
 * the next call after a crash (each lane opens its database again), ended on close. A crash
 * fails the unanswered calls of every lane; stopping one lane ends its thread only. A lane that
 * crashed (its thread, or the whole process) starts again at once the first time, then after a
 * back-off while the crashes keep coming (restart-backoff.ts): calls meanwhile are answered at
 * once with when it starts again.
 */
export function createWorkerHost(opts: WorkerHostOptions): WorkerHost {
  let worker: WorkerProcess | undefined;
  let closed = false;

  function start(): WorkerProcess {
    const entry = hostEntry();
    const child = fork(entry.file, [], {
      execPath: opts.nodeBinary,
      execArgv: entry.execArgv,
      cwd: opts.cwd,
      env: { ...opts.env, ...WORKER_ENV },
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    const w: WorkerProcess = { child, runs: new Map(), stderr: '', gone: false };
    child.stderr?.setEncoding('utf8').on('data', (d: string) => {
      w.stderr = (w.stderr + d).slice(-8192);
    });
    child.on('message', (msg: HostReply) => {
      const run = w.runs.get(msg.lane);
      if (!run) return;
      if ('ended' in msg) return crash(run, `the index worker's ${msg.lane.replace(/#\d+$/, '')} thread exited (${msg.ended})`);
      const reply = msg.reply;
      const pending = run.pending.get(reply.id);
      if (!pending) return;
      if ('event' in reply) return pending.onBatch?.(reply.batch, reply.progress);
      run.pending.delete(reply.id);
      pending.settle(reply);
    });
    const onGone = () => {
      if (w.gone) return;
      w.gone = true;
      if (worker === w) worker = undefined;
      for (const run of w.runs.values()) crash(run, goneMessage(w));
    };
    child.once('exit', onGone);
    child.once('error', (err) => {
      w.stderr += `\n${err.message}`;
      onGone();
    });
    return w;
  }

  /** The run died: it ends, and its lane waits out its back-off before starting again. */
  function crash(run: LaneRun, reason: string): void {
    if (run.gone) return;
    end(run, reason);
    run.crashed(reason);
  }

  /** The run is over: its unanswered calls fail with `reason`. */
  function end(run: LaneRun, reason: string): void {
    if (run.gone) return;
    run.gone = true;
    run.process.runs.delete(run.key);
    for (const p of run.pending.values()) p.settle({ id: 0, ok: false, error: reason });
    run.pending.clear();
  }

  function post(w: WorkerProcess, msg: HostMessage): void {
    if (!w.gone && w.child.connected) w.child.send(msg);
  }

  let nextId = 1;
  function send<Op extends RequestOp>(run: LaneRun, op: Op, args: ArgsOf<Op>, timeoutMs: number | undefined, onBatch?: Pending['onBatch'], entry?: string): Promise<WorkerCall<Results[Op]>> {
    if (run.gone) return Promise.resolve({ ok: false, error: goneMessage(run.process) });
    const id = nextId++;
    return new Promise((resolve) => {
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(() => {
              run.pending.delete(id);
              resolve({ ok: false, error: `the index worker did not answer ${op} within ${timeoutMs} ms`, timedOut: true });
            }, timeoutMs);
      run.pending.set(id, {
        ...(onBatch && { onBatch }),
        settle: (reply) => {
          clearTimeout(timer);
          resolve(reply.ok ? { ok: true, value: reply.result as Results[Op] } : { ok: false, error: reply.error, ...('code' in reply && reply.code && { code: reply.code }) });
        },
      });
      post(run.process, { lane: run.key, request: { id, op, ...(args !== undefined && { args }) } as Request, ...(entry && { entry }) });
    });
  }

  function lane(name: string, laneOpts: LaneOptions): WorkerClient {
    let run: LaneRun | undefined;
    let starts = 0;
    let openedInfo: OpenResult | undefined;
    const backoff = createBackoff(laneOpts.backoff);
    let lastCrash: string | undefined;
    const current = () => (run && !run.gone ? run : undefined);

    function startRun(): LaneRun {
      const w = (worker ??= start());
      starts++;
      const key = `${name}#${String(starts)}`;
      const crashed = (reason: string) => {
        lastCrash = reason;
        backoff.crashed();
      };
      const r: LaneRun = { key, process: w, pending: new Map(), opened: Promise.resolve({ ok: false, error: 'not opened' }), gone: false, crashed };
      w.runs.set(key, r);
      r.opened = send(r, 'open', laneOpts.open, laneOpts.openTimeoutMs ?? 60_000, undefined, laneOpts.entry);
      return r;
    }

    /** Lets the run go: `stop` ends its thread at once, `retire` lets it close its database first. */
    function letGo(r: LaneRun, how: 'stop' | 'retire', reason: string): void {
      if (run === r) run = undefined;
      end(r, reason);
      post(r.process, { lane: r.key, end: how });
    }

    return {
      async call(op, args, callOpts = {}) {
        if (closed) return { ok: false, error: 'the search engine is closed' };
        const restartAt = current() ? undefined : backoff.restartAt;
        if (restartAt !== undefined) {
          return { ok: false, error: restartingSentence({ inARow: backoff.inARow, last: lastCrash }, restartAt), restartAt };
        }
        const r = (run = current() ?? startRun());
        const opened = await r.opened;
        if (!opened.ok) {
          // Could not open (an unreadable database, an index not built yet): nothing after it can work either.
          letGo(r, 'stop', opened.error);
          return opened;
        }
        openedInfo = opened.value;
        callOpts.onSent?.();
        return send(r, op, args, callOpts.timeoutMs, callOpts.onBatch);
      },
      get starts() {
        return starts;
      },
      get opened() {
        return openedInfo;
      },
      get pid() {
        return current()?.process.child.pid;
      },
      get inFlight() {
        return current()?.pending.size ?? 0;
      },
      get restartAt() {
        return current() ? undefined : backoff.restartAt;
      },
      get crashes() {
        return { inARow: backoff.inARow, ...(lastCrash && { last: lastCrash }) };
      },
      stop(reason) {
        const r = current();
        if (r) letGo(r, 'stop', reason);
      },
      retire() {
        const r = current();
        if (closed || !r || r.pending.size > 0) return false;
        letGo(r, 'retire', 'the lane was retired');
        return true;
      },
      async close() {
        const r = current();
        if (r) letGo(r, 'retire', 'the search engine is closed');
      },
    };
  }

  return {
    lane,
    get pid() {
      return worker && !worker.gone ? worker.child.pid : undefined;
    },
    async close() {
      closed = true;
      const w = worker;
      worker = undefined;
      if (w && !w.gone) await exit(w);
    },
  };
}

/** Every lane closes its database and the process exits when the channel closes; the kill is the backstop. */
async function exit(w: WorkerProcess): Promise<void> {
  const exited = new Promise<void>((resolve) => w.child.once('exit', () => resolve()));
  w.child.disconnect();
  const timer = setTimeout(() => w.child.kill('SIGKILL'), 3_000);
  await exited;
  clearTimeout(timer);
}

function goneMessage(w: WorkerProcess): string {
  const code = w.child.exitCode ?? w.child.signalCode ?? 'unknown';
  const last = w.stderr.trim().split('\n').filter(Boolean).at(-1);
  return `the index worker exited (${code})${last ? `: ${last.slice(0, 300)}` : ''}`;
}
