import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { SERVICE_ENV, SERVICE_NODE_FLAGS } from '../../config/node-flags.js';
import { failed, type Failure } from '../outcome.js';
import { isAlive } from './process-check.js';
import { serviceFiles } from './service-files.js';

/** The Node that runs the service: qmd 2.x needs Node >= 22 (the `node` dependency provides it). */
export function serviceNode(repoRoot: string): string | Failure {
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  const local = path.join(repoRoot, 'node_modules', '.bin', 'node');
  if (existsSync(local)) return local;
  return failed(`Node 22 is required to run the service: run 'npm ci' at ${repoRoot} (it provides node_modules/.bin/node), or install Node 22`);
}

export interface Spawned {
  pid: number;
  /** Where this start's lines begin in the log. */
  logOffset: number;
}

/**
 * Starts the service's entry point (`main`: the copy of core/dist/main.js in its state dir) in the background, in its own session (setsid: no SIGHUP when
 * the terminal closes; its process group takes qmd children along on a hard stop), with its
 * output appended to the log and its pid (and address) in the pid file.
 */
export function spawnService(opts: { node: string; main: string; repoRoot: string; stateDir: string; url: string; env: NodeJS.ProcessEnv }): Spawned | Failure {
  const { pidFile, logFile } = serviceFiles(opts.stateDir);
  const logOffset = existsSync(logFile) ? statSync(logFile).size : 0;
  // The log quotes updates and questions: this user's alone, as the state folder it is in.
  writeFileSync(logFile, `\n--- knower start ${new Date().toISOString()} (pid file ${pidFile})\n`, { flag: 'a', mode: 0o600 });
  const fd = openSync(logFile, 'a', 0o600);
  try {
    // In the checkout still: relative paths in .env mean the same as for the CLI.
    const child = spawn(opts.node, [...SERVICE_NODE_FLAGS, opts.main], {
      cwd: opts.repoRoot,
      env: { ...SERVICE_ENV, ...opts.env },
      detached: true,
      stdio: ['ignore', fd, fd],
    });
    child.on('error', () => undefined); // reported below: no pid
    child.unref();
    if (child.pid === undefined) return failed(`the service did not start (could not run ${opts.node})`);
    // The address too: a command aimed at another address must not take this process for its service.
    writeFileSync(pidFile, `${String(child.pid)}\n${opts.url}\n`, { mode: 0o600 });
    return { pid: child.pid, logOffset };
  } finally {
    closeSync(fd);
  }
}

/** SIGTERM, then after 10 s SIGKILL to its process group. */
export async function stopProcess(pid: number, warn: (line: string) => void): Promise<void> {
  signal(pid, 'SIGTERM');
  if (await exited(pid, 10_000)) return;
  warn(`pid ${String(pid)} did not stop within 10s after SIGTERM; sending SIGKILL`);
  if (!signal(-pid, 'SIGKILL')) signal(pid, 'SIGKILL');
  await exited(pid, 2000);
}

function signal(pid: number, name: NodeJS.Signals): boolean {
  try {
    process.kill(pid, name);
    return true;
  } catch {
    return false;
  }
}

async function exited(pid: number, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    // The service usually closes within a few tens of milliseconds: look often.
    await sleep(25);
  }
  return !isAlive(pid);
}

export function removePidFile(stateDir: string): void {
  rmSync(serviceFiles(stateDir).pidFile, { force: true });
}
