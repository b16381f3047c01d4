/**
 * The service as a person runs it (`./knower start` natively: core/dist/main.js on Node 22),
 * in its own process, so its CPU time and memory can be read from /proc apart from the bench's.
 * The figures cover the service and its index worker together.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep, withTimeout } from './stats.js';

const CORE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Health {
  status: 'ok' | 'indexing' | 'degraded';
  degraded?: string[];
  indexing: { ready: boolean; files: { done: number; total: number }; search: { done: number; total: number } };
  vault: { files: number; notes: number; job: { pending: number } };
  qmd: { documents?: number; workerPid?: number; available: boolean; lastSync?: { ms: number; ok: boolean } };
}

export interface ServiceProcess {
  base: string;
  pid: number;
  health(): Promise<Health>;
  /** CPU time (user + system, ms) of the service and its worker so far. */
  cpuMs(): Promise<number>;
  /** Resident memory of the service plus its worker now, in MB. */
  rssMb(): Promise<number>;
  /** Resolves once /health is "ok" and the job has nothing pending; samples memory meanwhile. */
  untilIdle(timeoutMs: number): Promise<{ ms: number; peakRssMb: number }>;
  close(): Promise<void>;
}

/** utime + stime of a process, in ms (clock ticks are 100 Hz on Linux). */
export function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

export function processRssMb(pid: number): number {
  try {
    const kb = /^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
}

export async function startServiceProcess(opts: { nodeBinary: string; vault: string; stateDir: string; port: number; env: NodeJS.ProcessEnv }): Promise<ServiceProcess> {
  const child: ChildProcess = spawn(opts.nodeBinary, [path.join(CORE, 'dist', 'main.js')], {
    cwd: CORE,
    env: { ...opts.env, VAULT_PATH: opts.vault, KNOWER_STATE_DIR: opts.stateDir, PORT: String(opts.port), HOST: '127.0.0.1', KNOWER_EMBED_INTERVAL_S: '0', KNOWER_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${opts.port}`;
  let workerPid: number | undefined;

  async function health(): Promise<Health> {
    const res = await fetch(`${base}/health`);
    const body = (await res.json()) as Health;
    if (body.qmd.workerPid) workerPid = body.qmd.workerPid;
    return body;
  }
  const pids = () => [child.pid!, ...(workerPid ? [workerPid] : [])];
  const rssMb = async () => pids().reduce((sum, pid) => sum + processRssMb(pid), 0);

  const svc: ServiceProcess = {
    base,
    pid: child.pid!,
    health,
    cpuMs: async () => pids().reduce((sum, pid) => sum + processCpuMs(pid), 0),
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
        if (await health().then(() => true, () => false)) return;
        await sleep(20);
      }
    })(),
    60_000,
    'the service to listen',
  );
  return svc;
}
