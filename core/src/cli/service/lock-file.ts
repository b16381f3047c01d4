import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { failed, type Failure } from '../outcome.js';
import { isAlive } from './process-check.js';

export interface Lock {
  release(): void;
}

export interface LockOptions {
  /** How long to wait for its holder before giving up with `busy`. */
  waitMs: number;
  busy: string;
  /** What the holder does with it, written after its pid for those who wait (the build lock: "build" or "copy"). */
  purpose?: string;
  /** Called once, when the lock is held by a live process and this one starts waiting. */
  onWait?: (owner: Holder) => void;
}

/** Who holds a lock: its pid, and what for when it says. */
export interface Holder {
  pid: number;
  purpose: string;
}

/**
 * A lock between processes: a file created exclusively, holding its owner's pid (and on a second
 * line what it does). One whose owner died is taken over. The `knower` script takes the build
 * lock the same way (set -C).
 */
export async function takeLockFile(file: string, opts: LockOptions): Promise<Lock | Failure> {
  // Lock files live in the state and run folders, which are their user's alone.
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const deadline = Date.now() + opts.waitMs;
  let waiting = false;
  for (;;) {
    try {
      writeFileSync(file, `${String(process.pid)}\n${opts.purpose ? `${opts.purpose}\n` : ''}`, { flag: 'wx', mode: 0o600 });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const [first = '', purpose = ''] = readFileSafe(file).split('\n');
    const owner = Number(first.trim());
    // An empty file is one being written right now, unless it has been empty for long.
    const abandoned = owner > 0 ? !isAlive(owner) : Date.now() - mtimeMs(file) > 5000;
    if (abandoned) {
      rmSync(file, { force: true });
      continue;
    }
    if (Date.now() > deadline) return failed(opts.busy);
    if (!waiting && owner > 0) {
      waiting = true;
      opts.onWait?.({ pid: owner, purpose: purpose.trim() });
    }
    await sleep(100);
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    if (readFileSafe(file).split('\n')[0] === String(process.pid)) rmSync(file, { force: true });
    process.off('exit', release);
  };
  process.on('exit', release);
  return { release };
}

function readFileSafe(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function mtimeMs(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}
