import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * True while the process runs. A zombie does not: it has exited and waits for its parent (for a
 * service started by `knower start`, whatever adopted it) to collect its status, which some
 * inits do only every second or so: `stop` would wait for that for nothing.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: it exists, owned by someone else.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return !isZombie(pid);
}

/** Linux's /proc/PID/stat: the state follows the command name, which is in parentheses and may hold any character. */
function isZombie(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
  } catch {
    return false;
  }
  return stat
    .slice(stat.lastIndexOf(')') + 1)
    .trim()
    .startsWith('Z');
}

function commandLine(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${String(pid)}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    const ps = spawnSync('ps', ['-p', String(pid), '-o', 'args='], { encoding: 'utf8' });
    return ps.status === 0 ? ps.stdout : undefined;
  }
}

/** The service's entry point, as `knower start` runs it. */
export function serviceMain(repoRoot: string): string {
  return path.join(repoRoot, 'core', 'dist', 'main.js');
}

/**
 * True when pid is alive and is this checkout's service. A pid file or record left by a crash
 * or a reboot may name a pid since reused by something else; where the command line cannot be
 * read at all, a live pid is taken at its word.
 */
export function isServiceProcess(pid: number, repoRoot: string): boolean {
  if (!isAlive(pid)) return false;
  const cmdline = commandLine(pid);
  return !cmdline?.trim() || cmdline.includes(serviceMain(repoRoot));
}

/** What a pid file says: the service's pid and, from files written since it was added, the address it was started on. */
export interface PidFile {
  pid: number;
  url?: string;
}

/** The pid file's contents, if it names a pid (line 1: pid; line 2: the service's URL). */
export function readPidFile(file: string): PidFile | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const [first = '', second = ''] = text.split('\n').map((l) => l.trim());
  if (!/^\d+$/.test(first)) return undefined;
  return { pid: Number(first), ...(/^https?:\/\//.test(second) ? { url: second } : {}) };
}
