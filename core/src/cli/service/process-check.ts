import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, owned by someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
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

/** The pid a pid file names, if it names one. */
export function readPidFile(file: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const first = text.split('\n')[0]?.trim() ?? '';
  return /^\d+$/.test(first) ? Number(first) : undefined;
}
