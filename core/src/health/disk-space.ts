import { statfs } from 'node:fs/promises';

/** Below this, a write of an update's record or a note may fail: /health says the disk is full. */
const MIN_FREE_BYTES = 1024 * 1024;
/** statfs is cheap, but /health may be polled often: one look per disk every few seconds. */
const CACHE_MS = 5_000;

export interface DiskWatch {
  /** Why a disk Knower writes to cannot take more, one reason per disk. */
  problems(): Promise<string[]>;
}

/** Watches the free space of the disks holding the vault and the state dir. */
export function createDiskWatch(disks: Record<string, string>, minFreeBytes = MIN_FREE_BYTES): DiskWatch {
  let cached: { at: number; problems: string[] } | undefined;
  async function look(): Promise<string[]> {
    const problems: string[] = [];
    for (const [what, dir] of Object.entries(disks)) {
      try {
        const info = await statfs(dir);
        const free = info.bavail * info.bsize;
        if (free < minFreeBytes) problems.push(`the ${what} disk is full (${Math.floor(free / 1024)} KB free at ${dir}): updates fail and wait for a retry until space is freed`);
      } catch (err) {
        problems.push(`the ${what} folder cannot be looked at (${dir}: ${(err as Error).message})`);
      }
    }
    return problems;
  }
  return {
    async problems() {
      if (!cached || Date.now() - cached.at > CACHE_MS) cached = { at: Date.now(), problems: await look() };
      return cached.problems;
    },
  };
}
