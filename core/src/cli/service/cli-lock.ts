import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { makePrivateFolder } from '../../config/index.js';
import { failed, type Failure } from '../outcome.js';
import { isAlive } from './process-check.js';

export interface Lock {
  release(): void;
}

/**
 * Serializes start and stop across concurrent `knower` commands of this checkout: a file
 * created exclusively, holding its owner's pid. One whose owner died is taken over.
 */
export async function takeLock(runDir: string, waitMs = 120_000): Promise<Lock | Failure> {
  makePrivateFolder(runDir);
  const file = path.join(runDir, 'cli.lock');
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      writeFileSync(file, `${String(process.pid)}\n`, { flag: 'wx', mode: 0o600 });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = Number(readFileSafe(file).trim());
    // An empty file is one being written right now, unless it has been empty for long.
    const abandoned = owner > 0 ? !isAlive(owner) : Date.now() - mtimeMs(file) > 5000;
    if (abandoned) {
      rmSync(file, { force: true });
      continue;
    }
    if (Date.now() > deadline) return failed('another ./knower start or stop is still running');
    await sleep(100);
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    if (readFileSafe(file).trim() === String(process.pid)) rmSync(file, { force: true });
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
