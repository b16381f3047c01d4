import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { refusedFolder, type FolderPlaces } from './refused-folders.js';

/** A folder setting Knower cannot use, and why, in words that say what to change. */
export interface FolderProblem {
  key: string;
  value: string;
  message: string;
  /** A folder Knower must never use (refused-folders.ts): only another setting fixes it, no wait does. */
  forbidden?: true;
}

type Stat = { isDirectory(): boolean; uid: number } | undefined;

const statOf = (p: string): Stat => {
  try {
    return statSync(p);
  } catch {
    return undefined;
  }
};

const writable = (dir: string): boolean => {
  try {
    accessSync(dir, constants.W_OK | constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** "uid 1000", the user this process runs as (where the platform has uids). */
function whoAmI(): string {
  return typeof process.getuid === 'function' ? `uid ${String(process.getuid())}` : 'this user';
}

/**
 * Why Knower must not or could not use this folder, if so: it is one Knower must never own (the
 * filesystem root, a system folder, a home itself, the checkout's code: refused-folders.ts), the
 * path is a file, lies under a file, or the folder (or the nearest one that exists, where it would
 * be created) is not writable by this user. Checked at start so that the answer names the
 * setting, instead of an EACCES or ENOTDIR stack trace from deep inside — and before anything is
 * written: root may write /etc, it must never be asked to.
 */
export function folderProblem(key: string, folder: string, places?: FolderPlaces): FolderProblem | undefined {
  const problem = (message: string): FolderProblem => ({ key, value: folder, message });
  const refused = refusedFolder(folder, places);
  if (refused) return { ...problem(refused), forbidden: true };
  const own = statOf(folder);
  if (own && !own.isDirectory()) return problem('is a file, not a folder: point it at a folder (it is created if missing)');
  let existing = folder;
  let stat = own;
  while (!stat) {
    const parent = path.dirname(existing);
    if (parent === existing) return problem('no part of this path exists');
    existing = parent;
    stat = statOf(existing);
  }
  if (!stat.isDirectory()) return problem(`is inside ${existing}, which is a file: point it at a folder`);
  if (writable(existing)) return undefined;
  const owner = `owned by uid ${String(stat.uid)}`;
  if (existing === folder) {
    return problem(`the folder is not writable by ${whoAmI()}, the user Knower runs as (it is ${owner}): give that user write access (chown or chmod), or choose another folder`);
  }
  return problem(`cannot be created: ${existing} is not writable by ${whoAmI()}, the user Knower runs as (it is ${owner}): create the folder yourself, or choose another`);
}

/** The vault's and the state dir's problems, if any. */
export function folderProblems(location: { vaultPath: string; stateDir: string }, places?: FolderPlaces): FolderProblem[] {
  return [folderProblem('VAULT_PATH', location.vaultPath, places), folderProblem('KNOWER_STATE_DIR', location.stateDir, places)].filter((p) => p !== undefined);
}
