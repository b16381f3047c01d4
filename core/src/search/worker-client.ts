import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { OpenArgs, OpenResult, Reply, Request, RequestOp, Results, ScanProgress, SyncResult } from './worker/protocol.js';

export type WorkerCall<T> = { ok: true; value: T } | { ok: false; error: string; timedOut?: boolean };

export interface WorkerClient {
  /** Starts the worker if needed (opening the database) and sends one request. Never throws. */
  call<Op extends RequestOp>(op: Op, args: ArgsOf<Op>, opts?: CallOptions): Promise<WorkerCall<Results[Op]>>;
  /** Worker starts since the client was made (a restart after a crash counts). */
  readonly starts: number;
  /** The running worker's process id, if one runs. */
  readonly pid: number | undefined;
  /** What the worker said when it last opened the database. */
  readonly opened: OpenResult | undefined;
  /** Requests sent and not answered yet. */
  readonly inFlight: number;
  /** Kills the worker now (its unanswered calls fail with `reason`); the next call starts another. */
  stop(reason: string): void;
  /** Lets an idle worker exit (it closes its database); the next call starts another. False when busy or not running. */
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

interface WorkerProcess {
  child: ChildProcess;
  pending: Map<number, Pending>;
  opened: Promise<WorkerCall<Results['open']>>;
  stderr: string;
  gone: boolean;
}

/**
 * A worker keeps its garbage small: what it holds lives in SQLite, and V8's default young
 * generation (up to 32 MB a semi-space) would be most of its memory (see config/node-flags.ts).
 */
const WORKER_NODE_FLAGS = ['--max-semi-space-size=1'];

/**
 * The worker's entry point next to this file (or `file`, a stand-in in tests); from the sources
 * (tests, tsx) it runs through tsx.
 */
function workerEntry(file?: string): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  const tsx = ['--import', import.meta.resolve('tsx')];
  if (file) return { file, execArgv: file.endsWith('.ts') ? tsx : [] };
  if (here.endsWith('.ts')) return { file: fileURLToPath(new URL('./worker/worker-main.ts', import.meta.url)), execArgv: tsx };
  return { file: fileURLToPath(new URL('./worker/worker-main.js', import.meta.url)), execArgv: WORKER_NODE_FLAGS };
}

export interface WorkerClientOptions {
  nodeBinary: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  open: OpenArgs;
  openTimeoutMs?: number;
  /** Another entry point for the worker (tests: a stand-in that stalls like a runaway query). */
  entry?: string;
}

/**
 * The service's side of an index worker: one child process, started lazily, restarted after a
 * crash or a stop (the next call re-opens the database), killed on close.
 */
export function createWorkerClient(opts: WorkerClientOptions): WorkerClient {
  let worker: WorkerProcess | undefined;
  let nextId = 1;
  let starts = 0;
  let closed = false;
  let openedInfo: OpenResult | undefined;

  function send<Op extends RequestOp>(s: WorkerProcess, op: Op, args: ArgsOf<Op>, timeoutMs: number | undefined, onBatch?: Pending['onBatch']): Promise<WorkerCall<Results[Op]>> {
    if (s.gone) return Promise.resolve({ ok: false, error: goneMessage(s) });
    const id = nextId++;
    return new Promise((resolve) => {
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(() => {
              s.pending.delete(id);
              resolve({ ok: false, error: `the index worker did not answer ${op} within ${timeoutMs} ms`, timedOut: true });
            }, timeoutMs);
      s.pending.set(id, {
        ...(onBatch && { onBatch }),
        settle: (reply) => {
          clearTimeout(timer);
          resolve(reply.ok ? { ok: true, value: reply.result as Results[Op] } : { ok: false, error: reply.error });
        },
      });
      s.child.send({ id, op, ...(args !== undefined && { args }) } as Request);
    });
  }

  function start(): WorkerProcess {
    const entry = workerEntry(opts.entry);
    const child = fork(entry.file, [], {
      execPath: opts.nodeBinary,
      execArgv: entry.execArgv,
      cwd: opts.cwd,
      env: opts.env,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    starts++;
    const s: WorkerProcess = { child, pending: new Map(), opened: Promise.resolve({ ok: false, error: 'not opened' }), stderr: '', gone: false };
    child.stderr?.setEncoding('utf8').on('data', (d: string) => {
      s.stderr = (s.stderr + d).slice(-8192);
    });
    child.on('message', (reply: Reply) => {
      const pending = s.pending.get(reply.id);
      if (!pending) return;
      if ('event' in reply) return pending.onBatch?.(reply.batch, reply.progress);
      s.pending.delete(reply.id);
      pending.settle(reply);
    });
    const onGone = () => {
      if (s.gone) return;
      s.gone = true;
      if (worker === s) worker = undefined;
      for (const p of s.pending.values()) p.settle({ id: 0, ok: false, error: goneMessage(s) });
      s.pending.clear();
    };
    child.once('exit', onGone);
    child.once('error', (err) => {
      s.stderr += `\n${err.message}`;
      onGone();
    });
    s.opened = send(s, 'open', opts.open, opts.openTimeoutMs ?? 60_000);
    return s;
  }

  return {
    async call(op, args, callOpts = {}) {
      if (closed) return { ok: false, error: 'the search engine is closed' };
      const s = (worker ??= start());
      const opened = await s.opened;
      if (!opened.ok) {
        // Could not open (wrong qmd, unreadable database): nothing after it can work either.
        kill(s);
        if (worker === s) worker = undefined;
        return opened;
      }
      openedInfo = opened.value;
      callOpts.onSent?.();
      return send(s, op, args, callOpts.timeoutMs, callOpts.onBatch);
    },
    get starts() {
      return starts;
    },
    get opened() {
      return openedInfo;
    },
    get pid() {
      return worker && !worker.gone ? worker.child.pid : undefined;
    },
    get inFlight() {
      return worker && !worker.gone ? worker.pending.size : 0;
    },
    stop(reason) {
      const s = worker;
      if (!s || s.gone) return;
      worker = undefined;
      s.gone = true;
      for (const p of s.pending.values()) p.settle({ id: 0, ok: false, error: reason });
      s.pending.clear();
      s.child.kill('SIGKILL');
    },
    retire() {
      const s = worker;
      if (closed || !s || s.gone || s.pending.size > 0) return false;
      worker = undefined;
      void letGo(s);
      return true;
    },
    async close() {
      closed = true;
      const s = worker;
      worker = undefined;
      if (s && !s.gone) await letGo(s);
    },
  };
}

/** It closes its database and exits when the channel closes; the kill is the backstop. */
async function letGo(s: WorkerProcess): Promise<void> {
  const exited = new Promise<void>((resolve) => s.child.once('exit', () => resolve()));
  s.child.disconnect();
  const timer = setTimeout(() => kill(s), 2_000);
  await exited;
  clearTimeout(timer);
}

function kill(s: WorkerProcess): void {
  if (!s.gone) s.child.kill('SIGKILL');
}

function goneMessage(s: WorkerProcess): string {
  const code = s.child.exitCode ?? s.child.signalCode ?? 'unknown';
  const last = s.stderr.trim().split('\n').filter(Boolean).at(-1);
  return `the index worker exited (${code})${last ? `: ${last.slice(0, 300)}` : ''}`;
}
