import path from 'node:path';
import { copiedMain } from './service-files.js';

// By getBuiltinModule, not import: an ESM import of node:fs reads all its lazy exports (streams,
// fs/promises…), ~15 ms of every `knower` command's start (cli/http-client.ts says more).
const { readFileSync } = process.getBuiltinModule('node:fs');

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
    // Not Linux: a child process, and the module that starts one, only here.
    const ps = process.getBuiltinModule('node:child_process').spawnSync('ps', ['-p', String(pid), '-o', 'args='], { encoding: 'utf8' });
    return ps.status === 0 ? ps.stdout : undefined;
  }
}

/**
 * True when pid is alive and is this checkout's service of this state dir: it runs the copy of
 * the build in the state dir (service-build.ts), or the checkout's own build (a service started
 * before such copies existed). A pid file or record left by a crash or a reboot may name a pid
 * since reused by something else; where the command line cannot be read at all, a live pid is
 * taken at its word.
 */
export function isServiceProcess(pid: number, service: { repoRoot: string; stateDir: string }): boolean {
  if (!isAlive(pid)) return false;
  const cmdline = commandLine(pid);
  const mains = [copiedMain(service.stateDir), path.join(service.repoRoot, 'core', 'dist', 'main.js')];
  return !cmdline?.trim() || mains.some((main) => cmdline.includes(main));
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
