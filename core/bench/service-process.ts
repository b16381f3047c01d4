/**
 * The service as a person runs it (`./knower start` natively: core/dist/main.js on Node 22, with its node flags),
 * in its own process, so its CPU time and memory can be read from /proc apart from the bench's.
 * The figures cover its whole process tree: the service, its index worker, and the git and qmd
 * children either runs (see process-tree.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICE_ENV, SERVICE_NODE_FLAGS } from '../src/config/index.js';
import { sampleTree, type TreeSample } from './process-tree.js';
import { sleep, withTimeout } from './stats.js';

const CORE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Health {
  status: 'ok' | 'indexing' | 'degraded';
  degraded?: string[];
  indexing: { ready: boolean; files: { done: number; total: number }; search: { done: number; total: number } };
  vault: { files: number; notes: number; job: { pending: number } };
  qmd: { documents?: number; workerPid?: number; available: boolean; lastSync?: { ms: number; ok: boolean } };
  history: { available: boolean; commits: number; pending: number; handEdits: number; catchUp?: 'waiting' | 'running' | 'done' };
}

export interface ServiceProcess {
  base: string;
  pid: number;
  health(): Promise<Health>;
  /** CPU time (user + system, ms) of the whole process tree so far, and resident memory now. */
  sample(): TreeSample;
  cpuMs(): Promise<number>;
  rssMb(): Promise<number>;
  /** Resolves once /health is "ok" and the job has nothing pending; samples memory meanwhile. */
  untilIdle(timeoutMs: number): Promise<{ ms: number; peakRssMb: number }>;
  /**
   * Resolves once start-up work is over too: the history has compared the vault with its last
   * commit (the first snapshot), and nothing waits to be committed or indexed.
   */
  untilQuiet(timeoutMs: number): Promise<{ ms: number }>;
  close(): Promise<void>;
}

/** `core`: another checkout's core folder (its build), to compare two versions side by side; this one's by default. */
export async function startServiceProcess(opts: { nodeBinary: string; vault: string; stateDir: string; port: number; env: NodeJS.ProcessEnv; core?: string }): Promise<ServiceProcess> {
  const core = opts.core ?? CORE;
  const child: ChildProcess = spawn(opts.nodeBinary, [...SERVICE_NODE_FLAGS, path.join(core, 'dist', 'main.js')], {
    cwd: core,
    env: { ...SERVICE_ENV, ...opts.env, VAULT_PATH: opts.vault, KNOWER_STATE_DIR: opts.stateDir, PORT: String(opts.port), HOST: '127.0.0.1', KNOWER_EMBED_INTERVAL_S: '0', KNOWER_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${opts.port}`;

  async function health(): Promise<Health> {
    const res = await fetch(`${base}/health`);
    return (await res.json()) as Health;
  }
  const rssMb = async () => sampleTree(child.pid!).rssMb;

  const svc: ServiceProcess = {
    base,
    pid: child.pid!,
    health,
    sample: () => sampleTree(child.pid!),
    cpuMs: async () => sampleTree(child.pid!).cpuMs,
    rssMb,
    async untilIdle(timeoutMs) {
      const started = performance.now();
      let peak = 0;
      let calm = 0;
      const poll = async () => {
        for (;;) {
          peak = Math.max(peak, await rssMb());
          const h = await health().catch(() => undefined);
          calm = h && h.status === 'ok' && h.vault.job.pending === 0 ? calm + 1 : 0;
          if (calm >= 2) return;
          await sleep(50);
        }
      };
      await withTimeout(poll(), timeoutMs, 'the service to settle');
      return { ms: performance.now() - started, peakRssMb: peak };
    },
    async untilQuiet(timeoutMs) {
      const started = performance.now();
      let calm = 0;
      const poll = async () => {
        for (;;) {
          const h = await health().catch(() => undefined);
          const quiet = h && h.status === 'ok' && h.vault.job.pending === 0 && h.history.catchUp === 'done' && h.history.pending === 0 && h.history.handEdits === 0;
          calm = quiet ? calm + 1 : 0;
          if (calm >= 2) return;
          await sleep(200);
        }
      };
      await withTimeout(poll(), timeoutMs, 'start-up work to finish');
      return { ms: performance.now() - started };
    },
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await withTimeout(exited, 20_000, 'the service to stop').catch(() => child.kill('SIGKILL'));
    },
  };
  // Listening within a few seconds, whatever the vault's size: indexing happens after.
  await withTimeout(
    (async () => {
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
        if (
          await health().then(
            () => true,
            () => false,
          )
        )
          return;
        await sleep(20);
      }
    })(),
    60_000,
    'the service to listen',
  );
  return svc;
}
