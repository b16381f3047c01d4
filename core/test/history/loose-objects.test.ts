import { randomBytes } from 'node:crypto';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { STORE_ABOVE_BYTES, writeObject } from '../../src/history/git-objects.js';
import { createGit } from '../../src/history/git.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { historyGit, startHistoryApp, waitForHandCommit, type HistoryApp } from './history-fixture.js';

/** `git count-objects -v`: loose objects and packed ones. */
function objectCounts(stateDir: string): { loose: number; packed: number } {
  const out = historyGit(stateDir, ['count-objects', '-v']);
  const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(out)?.[1]);
  return { loose: field('count'), packed: field('in-pack') };
}

/** A wide folder's tree in a vault: many names, so that its tree is larger than STORE_ABOVE_BYTES. */
const wideNames = (n: number) => Array.from({ length: n }, (_, i) => `note-${String(i).padStart(5, '0')}-${'x'.repeat(40)}.md`);

describe("the history's loose objects", () => {
  let h: HistoryApp | undefined;
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
    await cleanup?.();
    cleanup = undefined;
  });

  it('are stored as they are when large (git reads them back byte for byte), compressed when small', async () => {
    const temp = await makeTempDir('knower-loose-');
    cleanup = temp.cleanup;
    const gitDir = path.join(temp.dir, 'repo.git');
    const git = createGit({ gitDir, indexFile: path.join(temp.dir, 'index'), env: { PATH: process.env.PATH } });
    await mkdir(gitDir);
    await git.run(['init', '--bare', '--quiet']);
    const objectFile = (id: string) => path.join(gitDir, 'objects', id.slice(0, 2), id.slice(2));

    // Text that compresses well: stored, it still takes its whole size.
    const large = Buffer.from(`${randomBytes(8).toString('hex')} a line of a wide folder's tree\n`.repeat(Math.ceil(STORE_ABOVE_BYTES / 40) + 10));
    const largeId = await writeObject(gitDir, 'blob', large);
    expect((await git.run(['cat-file', 'blob', largeId])).stdout.equals(large)).toBe(true);
    expect((await stat(objectFile(largeId))).size).toBeGreaterThan(large.length);

    const small = Buffer.from('A note that repeats itself. '.repeat(200));
    const smallId = await writeObject(gitDir, 'blob', small);
    expect((await git.run(['cat-file', 'blob', smallId])).stdout.equals(small)).toBe(true);
    expect((await stat(objectFile(smallId))).size).toBeLessThan(small.length / 4);
    expect((await git.run(['fsck', '--strict'])).code).toBe(0);
  });

  it('are packed once they take more room than allowed: the commits of a wide folder stay readable', async () => {
    const names = wideNames(4000);
    const prepare = async (vault: string) => {
      await mkdir(path.join(vault, 'bucket'), { recursive: true });
      for (const name of names) await writeFile(path.join(vault, 'bucket', name), `# ${name}\n`);
    };
    h = await startHistoryApp({ prepare, quietMs: 100, loose: { maxBytes: 256 * 1024, checkEvery: 1 } });
    await h.settle();
    const stateDir = h.stateDir;
    const bucketTree = historyGit(stateDir, ['rev-parse', 'HEAD:bucket']).trim();
    expect(Number(historyGit(stateDir, ['cat-file', '-s', bucketTree]))).toBeGreaterThan(STORE_ABOVE_BYTES);

    for (let i = 0; i < 3; i++) {
      const rel = `bucket/${names[i * 100]}`;
      await h.write(rel, `# Edited ${i}\n`);
      await waitForHandCommit(h, rel);
      await h.settle();
    }
    // Each commit wrote the bucket's tree anew, stored whole: past the limit, they were packed.
    const counts = objectCounts(stateDir);
    expect(counts.loose).toBe(0);
    expect(counts.packed).toBeGreaterThan(names.length);
    expect(historyGit(stateDir, ['show', `HEAD:bucket/${names[200]}`])).toBe('# Edited 2\n');
    expect(historyGit(stateDir, ['show', `HEAD~1:bucket/${names[100]}`])).toBe('# Edited 1\n');
    expect(historyGit(stateDir, ['fsck', '--strict', '--no-dangling'])).toBe('');
    // 4,000 files written, snapshotted and packed: on a busy 2-core machine this has taken 31 s.
  }, 90_000);

  it('stay loose while they take little room', async () => {
    h = await startHistoryApp({ quietMs: 100, loose: { maxBytes: 64 * 1024 * 1024, checkEvery: 1 } });
    await h.write('profile.md', '# Profile\n\nLikes tomatoes.\n');
    await waitForHandCommit(h, 'profile.md');
    await h.settle();
    expect(objectCounts(h.stateDir).loose).toBeGreaterThan(0);
  });
});
