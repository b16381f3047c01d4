/**
 * The whole process tree of the service, read from /proc: the service, its search worker, the
 * git and qmd children it spawns, whatever they spawn. Memory is the sum of every live
 * process's resident set; CPU is every live process's own time plus the time of the children it
 * has reaped (cutime/cstime), so a git child that ran and exited between two reads still counts.
 * A live process's own time is read to the nanosecond from its threads' schedstat (the clock
 * ticks of /proc/<pid>/stat are 10 ms, as coarse as a whole history commit); reaped children
 * are only known in ticks, so their figures are best read as means over many samples.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Linux reports CPU times in clock ticks, 100 per second on every mainstream kernel. */
const MS_PER_TICK = 10;

interface ProcInfo {
  pid: number;
  ppid: number;
  comm: string;
  /** utime + stime + cutime + cstime, in ms (own time in ticks here; sampleTree refines it). */
  cpuMs: number;
  /** cutime + cstime: the children it has waited for (git runs, for the service). */
  reapedMs: number;
}

function readStat(pid: number): ProcInfo | undefined {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may itself hold spaces or parentheses.
    const close = raw.lastIndexOf(')');
    const comm = raw.slice(raw.indexOf('(') + 1, close);
    const fields = raw.slice(close + 2).split(' ');
    // After the name: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14).
    const reapedMs = (Number(fields[13]) + Number(fields[14])) * MS_PER_TICK;
    return { pid, ppid: Number(fields[1]), comm, cpuMs: (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK + reapedMs, reapedMs };
  } catch {
    return undefined; // gone meanwhile
  }
}

/** The sum of the process's threads' run time (first field of schedstat, in ns); undefined where unreadable. */
function threadsCpuMs(pid: number): number | undefined {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    return Number.isFinite(ns) ? ns / 1e6 : undefined;
  } catch {
    return undefined;
  }
}

function pssKb(pid: number): number {
  try {
    const kb = /^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1];
    return kb ? Number(kb) : 0;
  } catch {
    return 0;
  }
}

function rssKb(pid: number): number {
  try {
    const kb = /^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) : 0;
  } catch {
    return 0;
  }
}

/** The process and every live descendant. */
function processTree(rootPid: number): ProcInfo[] {
  const all: ProcInfo[] = [];
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const info = readStat(pid);
    if (info) all.push(info);
  }
  const children = new Map<number, ProcInfo[]>();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const root = all.find((p) => p.pid === rootPid);
  if (!root) return [];
  const out: ProcInfo[] = [];
  const stack = [root];
  while (stack.length) {
    const p = stack.pop() as ProcInfo;
    out.push(p);
    stack.push(...(children.get(p.pid) ?? []));
  }
  return out;
}

export interface TreeSample {
  rssMb: number;
  /**
   * Proportional set size: pages shared between processes (the node binary both the service
   * and its worker run, ~50 MB) counted once, split between them. RSS counts them in each.
   */
  pssMb: number;
  cpuMs: number;
  /** CPU of the short-lived children the service itself ran and reaped (git), in ms. */
  reapedByRootMs: number;
  processes: number;
  /** Resident MB by command name (node, git, …), for the report's breakdown. */
  byCommand: Record<string, number>;
}

/** `pss: false` skips the proportional sizes (smaps_rollup walks every mapping: costly on a process of GBs). */
export function sampleTree(rootPid: number, opts: { pss?: boolean } = {}): TreeSample {
  const tree = processTree(rootPid);
  const byCommand: Record<string, number> = {};
  let rss = 0;
  let pss = 0;
  let cpu = 0;
  for (const p of tree) {
    const mb = rssKb(p.pid) / 1024;
    rss += mb;
    if (opts.pss !== false) pss += pssKb(p.pid) / 1024;
    const own = threadsCpuMs(p.pid);
    cpu += own === undefined ? p.cpuMs : own + p.reapedMs;
    byCommand[p.comm] = (byCommand[p.comm] ?? 0) + mb;
  }
  return { rssMb: rss, pssMb: pss, cpuMs: cpu, reapedByRootMs: tree.find((p) => p.pid === rootPid)?.reapedMs ?? 0, processes: tree.length, byCommand };
}

export interface PeakWatch {
  /** The highest tree RSS seen so far, and what it was made of then; the highest PSS apart. */
  peak(): { rssMb: number; pssMb: number; byCommand: Record<string, number>; processes: number };
  stop(): void;
}

/**
 * Samples the tree's memory every `everyMs` until stopped. The sum of resident sets at one
 * instant, not the sum of each process's own high-water mark (those peaks need not coincide).
 */
export function watchPeak(rootPid: number, everyMs = 200): PeakWatch {
  let best = { rssMb: 0, pssMb: 0, byCommand: {} as Record<string, number>, processes: 0 };
  const take = () => {
    const s = sampleTree(rootPid);
    if (s.rssMb > best.rssMb) best = { ...best, rssMb: s.rssMb, byCommand: s.byCommand, processes: s.processes };
    best.pssMb = Math.max(best.pssMb, s.pssMb);
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    peak: () => (take(), best),
    stop: () => clearInterval(timer),
  };
}
