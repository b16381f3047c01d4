// Whether a service's process still runs, as `stop` and every lookup ask it.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isAlive } from '../../src/cli/service/process-check.js';
import { waitFor } from '../helpers/temp-dir.js';

describe('isAlive', () => {
  it('is true for a running process, false for one gone', () => {
    expect(isAlive(process.pid)).toBe(true);
    expect(isAlive(2 ** 22 + 12345)).toBe(false);
  });

  it('takes an exited process whose parent has not collected it (a zombie) for gone', async () => {
    // The shell starts `sleep 0` in the background, then becomes `sleep 5`, which never waits
    // for children: the short sleep stays a zombie until its parent ends.
    const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 5'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const pid = Number(await new Promise<string>((resolve) => parent.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString()))));
      await waitFor(() => /\)\s+Z/.test(procStat(pid)), 5000, 'the child to become a zombie');
      expect(() => process.kill(pid, 0)).not.toThrow();
      expect(isAlive(pid)).toBe(false);
    } finally {
      parent.kill();
    }
  });
});

function procStat(pid: number): string {
  try {
    return readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
  } catch {
    return '';
  }
}
