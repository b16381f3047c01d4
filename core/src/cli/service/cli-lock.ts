import path from 'node:path';
import { makePrivateFolder } from '../../config/index.js';
import type { Failure } from '../outcome.js';
import { takeLockFile, type Lock } from './lock-file.js';

/** Serializes start and stop across concurrent `knower` commands of this checkout. */
export function takeLock(runDir: string, waitMs = 120_000): Promise<Lock | Failure> {
  // The run folder holds the records of what runs where: private, as the state folder is.
  makePrivateFolder(runDir);
  return takeLockFile(path.join(runDir, 'cli.lock'), { waitMs, busy: 'another ./knower start or stop is still running' });
}
