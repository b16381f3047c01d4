import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGit, type Git } from '../../src/history/git.js';
import { Repo } from '../../src/history/repo.js';
import { EMPTY_TREE } from '../../src/history/tree-object.js';
import { TreeStore, type TreeChange } from '../../src/history/tree-store.js';
import { makeTempDir } from '../helpers/temp-dir.js';

/** The real git, counting the `cat-file` processes it starts: each is a tree the cache did not hold. */
function countingGit(inner: Git, reads: { count: number }): Git {
  return {
    gitDir: inner.gitDir,
    run: (args, opts) => {
      if (args[0] === 'cat-file') reads.count++;
      return inner.run(args, opts);
    },
    open: (args) => inner.open(args),
  };
}

const blob = () => randomBytes(20).toString('hex');

describe("the history's tree cache", () => {
  let temp: { dir: string; cleanup: () => Promise<void> };
  let reads: { count: number };
  let git: Git;

  beforeEach(async () => {
    temp = await makeTempDir('knower-tree-cache-');
    reads = { count: 0 };
    const stateDir = path.join(temp.dir, 'state');
    git = countingGit(createGit({ gitDir: path.join(stateDir, 'repo.git'), indexFile: path.join(stateDir, 'index'), env: { PATH: process.env.PATH } }), reads);
    await new Repo(git, path.join(stateDir, 'index')).open();
  });
  afterEach(async () => temp.cleanup());

  it('keeps the folders a commit did not touch while a wide folder changes again and again', async () => {
    // A wide folder (~35 kB of tree) and ten small ones, in a cache of 64 kB: two versions of the
    // wide folder and the small ones do not all fit.
    const store = new TreeStore(git, 64 * 1024);
    const first: TreeChange[] = [];
    for (let i = 0; i < 600; i++) first.push({ path: `bucket/a note with a long enough name ${i}.md`, blob: blob() });
    for (let f = 0; f < 10; f++) for (let i = 0; i < 3; i++) first.push({ path: `projects/p${f}/notes/n${i}.md`, blob: blob() });
    let root = await store.apply(EMPTY_TREE, first);

    // Hand edits in the wide folder, one commit each.
    for (let n = 0; n < 6; n++) root = await store.apply(root, [{ path: `bucket/a note with a long enough name ${n}.md`, blob: blob() }]);
    expect(reads.count).toBe(0);

    // Then an edit in each small folder: their trees are still cached, no git process is started.
    for (let f = 0; f < 10; f++) root = await store.apply(root, [{ path: `projects/p${f}/notes/n0.md`, blob: blob() }]);
    expect(reads.count).toBe(0);

    // What the cache dropped is still there to read: an older version of the wide folder, from git.
    const entries = await store.entriesAt(root, ['bucket/a note with a long enough name 599.md', 'projects/p9/notes/n2.md']);
    expect([...entries.values()].every((e) => e !== undefined)).toBe(true);
  });
});
