import path from 'node:path';
import type { Failure } from '../outcome.js';
import { takeLockFile, type Lock } from './lock-file.js';

/** Serializes start and stop across concurrent `knower` commands of this checkout. */
export function takeLock(runDir: string, waitMs = 120_000): Promise<Lock | Failure> {
  return takeLockFile(path.join(runDir, 'cli.lock'), { waitMs, busy: 'another ./knower start or stop is still running' });
}
