import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/temp-dir.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Folders `levels` deep under `dir`, each named `name`, made from inside (a path past PATH_MAX
 * cannot be named whole), with a note at the bottom.
 */
function nest(dir: string, name: string, levels: number): void {
  const script = `const fs = require('fs'); process.chdir(${JSON.stringify(dir)});
    for (let i = 0; i < ${levels}; i++) { fs.mkdirSync(${JSON.stringify(name)}); process.chdir(${JSON.stringify(name)}); }
    fs.writeFileSync('bottom.md', '# At the bottom\\n');`;
  execFileSync(process.execPath, ['-e', script]);
}

describe('folders nested past what the system can watch', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    // Node's rm names each path whole and stops at PATH_MAX; rm(1) walks down by file descriptors.
    if (t) execFileSync('rm', ['-rf', path.join(t.vault, 'long'), path.join(t.vault, 'deep')]);
    await t?.close();
  }, 120_000);

  it('start the service, are said in /health as not seen, and the rest of the vault is watched', { timeout: 180_000 }, async () => {
    t = await startTestApp({
      prepare: async (vault) => {
        await writeFile(path.join(vault, 'top.md'), '# Top\n');
        // Past PATH_MAX in 22 levels of long names: inotify refuses the folders at the bottom.
        execFileSync('mkdir', [path.join(vault, 'long')]);
        nest(path.join(vault, 'long'), 'n'.repeat(200), 22);
        // 30,000 levels: @parcel/watcher's recursive walk overflowed its stack on this (SIGSEGV at every start).
        execFileSync('mkdir', [path.join(vault, 'deep')]);
        nest(path.join(vault, 'deep'), 'd', 30_000);
      },
    });
    await t.knower.whenSettled();
    const health = await t.knower.health.report();
    expect(health.vault.watching).toBe(true);
    expect(health.degraded).toEqual([
      expect.stringMatching(
        /^2 folders are nested too deep for the system to watch \(a path past 4,096 bytes, or a name past 255\): hand edits there are not seen \(deep\/d\/d\/.*… \(\d+ levels deep\), long\/n+.*… \(\d+ levels deep\)\)$/,
      ),
    ]);

    // Everywhere else, a hand edit is seen.
    await writeFile(path.join(t.vault, 'seen.md'), '# Seen\n\nWritten by hand.\n');
    await waitFor(() => t!.knower.index.get('seen.md'), 20_000, 'the hand-made note listed');
    await writeFile(path.join(t.vault, 'long', 'beside.md'), '# Beside\n');
    await waitFor(() => t!.knower.index.get('long/beside.md'), 20_000, 'a note beside the deep folders listed');
  });
});
