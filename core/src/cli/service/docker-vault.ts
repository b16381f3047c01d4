import { chownSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The user the image runs the service as (core/Dockerfile: `USER node`). */
const CONTAINER_USER = { uid: 1000, gid: 1000 } as const;

/** What the host folder looks like, as far as the container's user is concerned. */
export type FolderState = { exists: false } | { exists: true; uid: number; gid: number; mode: number; entries: string[] };

/**
 * What to do with the vault folder before the container mounts it:
 * - `ready`: the container's user can write it;
 * - `create`: make it as this user (who is the container's user, or the engine maps owners);
 * - `create-for-container`: make it and give it to the container's user (run as root);
 * - `hand-over`: give the checkout's empty vault (nothing but .gitkeep) to the container's user (run as root);
 * - `refuse`: the container could not write it; the lines say the exact command that fixes it.
 */
export type VaultPlan = { kind: 'ready' | 'create' | 'create-for-container' | 'hand-over' } | { kind: 'refuse'; lines: string[] };

/** Nothing of the person's in it: the folder the checkout ships (vault/.gitkeep), or an empty one. */
const PLACEHOLDERS = new Set(['.gitkeep']);

export function planDockerVault(opts: { folder: string; state: FolderState; hostUid: number | undefined; sharesOwners: boolean }): VaultPlan {
  const { folder, state, hostUid, sharesOwners } = opts;
  // Docker Desktop and rootless engines map owners themselves: the folder is this user's to make.
  if (!sharesOwners) return { kind: state.exists ? 'ready' : 'create' };
  if (state.exists && writableByContainer(state)) return { kind: 'ready' };
  if (hostUid === 0) {
    if (!state.exists) return { kind: 'create-for-container' };
    if (state.entries.every((e) => PLACEHOLDERS.has(e))) return { kind: 'hand-over' };
  }
  if (!state.exists && hostUid === CONTAINER_USER.uid) return { kind: 'create' };
  const sudo = hostUid === 0 ? '' : 'sudo ';
  const owner = `${String(CONTAINER_USER.uid)}:${String(CONTAINER_USER.gid)}`;
  const why = state.exists
    ? `the vault folder ${folder} (owned by uid ${String(state.uid)}) is not writable by uid ${String(CONTAINER_USER.uid)}, the user the container runs as`
    : `a vault folder made by uid ${String(hostUid ?? '?')} would not be writable by uid ${String(CONTAINER_USER.uid)}, the user the container runs as`;
  const fix = state.exists ? `${sudo}chown -R ${owner} ${shellQuote(folder)}` : `${sudo}install -d -o ${String(CONTAINER_USER.uid)} -g ${String(CONTAINER_USER.gid)} ${shellQuote(folder)}`;
  return { kind: 'refuse', lines: [why, `give it to that user: ${fix}`, 'or run Knower natively instead: KNOWER_RUNTIME=native ./knower start'] };
}

function writableByContainer(state: Extract<FolderState, { exists: true }>): boolean {
  const { uid, gid } = CONTAINER_USER;
  // Writing in a folder takes both its write and its search (x) bits.
  if (state.uid === uid) return (state.mode & 0o300) === 0o300;
  if (state.gid === gid) return (state.mode & 0o030) === 0o030;
  return (state.mode & 0o003) === 0o003;
}

/** A path as one shell word: the command in a refusal can be pasted as it is. */
function shellQuote(text: string): string {
  return /^[\w./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}

export function folderState(folder: string): FolderState {
  try {
    const stat = statSync(folder);
    return { exists: true, uid: stat.uid, gid: stat.gid, mode: stat.mode, entries: stat.isDirectory() ? readdirSync(folder) : [] };
  } catch {
    return { exists: false };
  }
}

/** Carries out a plan that is not a refusal. */
export function applyVaultPlan(folder: string, plan: Exclude<VaultPlan, { kind: 'refuse' }>): void {
  const { uid, gid } = CONTAINER_USER;
  if (plan.kind === 'create' || plan.kind === 'create-for-container') mkdirSync(folder, { recursive: true });
  if (plan.kind === 'create-for-container') chownSync(folder, uid, gid);
  if (plan.kind === 'hand-over') {
    chownSync(folder, uid, gid);
    for (const entry of readdirSync(folder)) chownSync(path.join(folder, entry), uid, gid);
  }
}
