/**
 * What the service's whole process tree spends: at rest (several windows, each reported) and
 * per save of a note, split into the work right after the save (job, index, tree.md) and the
 * history commit that follows once the vault has been quiet for the hand-edit quiet time, git
 * included. Idle time is subtracted at the measured idle rate; a figure that comes out below
 * zero stays below zero and is counted, never clamped (it means the idle windows were disturbed).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ServiceProcess } from './service-process.js';
import { connectSse } from './sse-client.js';
import { round, sleep, summarize, type Summary } from './stats.js';

export interface IdleFigures {
  /** CPU of the tree in each window, as % of one core. */
  windowsPercent: number[];
  medianPercent: number;
  /** Resident memory of the tree at the end of each window, MB (RSS, and PSS: shared pages once). */
  rssMb: number[];
  pssMb: number[];
  windowMs: number;
}

export async function measureIdle(svc: ServiceProcess, windows: number, windowMs: number): Promise<IdleFigures> {
  // What the last activity left behind (a tree.md write, garbage collection) is not idle.
  await sleep(3_000);
  const percents: number[] = [];
  const rss: number[] = [];
  const pss: number[] = [];
  for (let i = 0; i < windows; i++) {
    const before = svc.sample();
    const from = performance.now();
    await sleep(windowMs);
    const after = svc.sample();
    percents.push(round(((after.cpuMs - before.cpuMs) / (performance.now() - from)) * 100));
    rss.push(Math.round(after.rssMb));
    pss.push(Math.round(after.pssMb));
  }
  return { windowsPercent: percents, medianPercent: summarize(percents).median, rssMb: rss, pssMb: pss, windowMs };
}

export interface SaveCpuFigures {
  /** The whole tree per save, from the save to its history commit: job, index, tree.md, commit. */
  perSave: Summary;
  /** Of which the history commit: the window from just before the quiet time ends to the commit. */
  historyCommit: Summary;
  /** Of which git, alone (the children the service ran and reaped in that window): known in 10 ms ticks, so the mean is the figure to read. */
  git: Summary & { mean: number };
  /** Samples that came out below zero once idle was subtracted (kept as they are). */
  belowZero: number;
  /** Saves whose commit did not come within the bound (left out of the figures). */
  timeouts: number;
  idlePercent: number;
  samples: number;
}

const COMMIT_TIMEOUT_MS = 30_000;

/**
 * One save at a time: append a line to an existing note, wait for its hand-edit commit (SSE
 * `history_updated`), and read the tree's CPU before the save, `quietMs - 300` ms after it (the
 * job and the index are done by then) and just after the commit. Nothing polls the service
 * meanwhile: a request would cost CPU of its own.
 */
export async function benchSaveCpu(svc: ServiceProcess, vault: string, notes: string[], saves: number, quietMs: number, idle: IdleFigures): Promise<SaveCpuFigures> {
  const idlePerMs = idle.medianPercent / 100;
  const sse = await connectSse(`${svc.base}/sse`);
  const total: number[] = [];
  const commit: number[] = [];
  const git: number[] = [];
  let timeouts = 0;
  const stride = Math.max(1, Math.floor(notes.length / saves));
  try {
    for (let n = 0; n < saves; n++) {
      const abs = path.join(vault, notes[(n * stride) % notes.length] as string);
      const text = await readFile(abs, 'utf8');
      const committed = sse.next((e) => e.event === 'history_updated' && (e.data as { kind?: string }).kind === 'hand', COMMIT_TIMEOUT_MS);
      const s0 = svc.sample();
      const t0 = performance.now();
      await writeFile(abs, `${text}\nEdited once more (${n}).\n`);
      await sleep(quietMs - 300);
      const s1 = svc.sample();
      const t1 = performance.now();
      const ok = await committed.then(
        () => true,
        () => false,
      );
      await sleep(100); // the update-ref child reaped
      const s2 = svc.sample();
      const t2 = performance.now();
      if (!ok) {
        timeouts++;
        continue;
      }
      total.push(s2.cpuMs - s0.cpuMs - idlePerMs * (t2 - t0));
      commit.push(s2.cpuMs - s1.cpuMs - idlePerMs * (t2 - t1));
      git.push(s2.reapedByRootMs - s1.reapedByRootMs);
      await sleep(500); // SSE and the last writes out of the way before the next save
    }
  } finally {
    sse.close();
  }
  return {
    perSave: summarize(total),
    historyCommit: summarize(commit),
    git: { ...summarize(git), mean: round(git.reduce((a, b) => a + b, 0) / Math.max(1, git.length)) },
    belowZero: [...total, ...commit].filter((v) => v < 0).length,
    timeouts,
    idlePercent: idle.medianPercent,
    samples: total.length,
  };
}
