// The vault watcher leaves no process behind: @parcel/watcher, left to pick its backend, probes
// for watchman through a shell it never collects (a zombie `sh` for the life of the service).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { watchVault } from '../../src/watch/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';

/** This process's exited children nobody collected, by command name. */
function zombieChildren(): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (state === 'Z' && Number(ppid) === process.pid) found.push(name);
  }
  return found;
}

describe('vault watcher', () => {
  it('watches with the system backend and leaves no zombie shell behind', async () => {
    const temp = await makeTempDir();
    try {
      const before = zombieChildren().filter((n) => n === 'sh').length;
      const watcher = watchVault(
        temp.dir,
        () => undefined,
        () => undefined,
      );
      await watcher.ready;
      // A zombie appears at once when the watchman probe runs; give it a moment anyway.
      await new Promise((r) => setTimeout(r, 200));
      expect(zombieChildren().filter((n) => n === 'sh').length).toBe(before);
      await watcher.close();
    } finally {
      await temp.cleanup();
    }
  });
});
