// The history reads the vault while the service's own writers work in it. A compare-and-swap has
// the note aside for an instant (renamed away, then the new version linked in): a read landing
// there must not tell the history the note was deleted.
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readForHistory } from '../../src/history/history-file.js';
import { withPathLock } from '../../src/vault/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';

describe('readForHistory', () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => cleanup?.());

  it("waits out this process's write in flight at the path instead of reading the note as deleted", async () => {
    const temp = await makeTempDir('knower-history-file-');
    cleanup = temp.cleanup;
    const abs = path.join(temp.dir, 'changelog.md');
    await writeFile(abs, '# Changelog\n');
    let read: Promise<Buffer | null | undefined> | undefined;
    await withPathLock(abs, async () => {
      // The writer's swap: the note aside, a read meanwhile, then the new version in its place.
      await rename(abs, `${abs}.swap`);
      read = readForHistory(abs);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await writeFile(abs, '# Changelog\n\n## An entry\n');
      await rename(`${abs}.swap`, `${abs}.old`);
    });
    expect((await read)?.toString()).toBe('# Changelog\n\n## An entry\n');
    expect(await readFile(`${abs}.old`, 'utf8')).toBe('# Changelog\n');
  });

  it('reads a note that is gone as absent', async () => {
    const temp = await makeTempDir('knower-history-file-');
    cleanup = temp.cleanup;
    expect(await readForHistory(path.join(temp.dir, 'gone.md'))).toBeNull();
    await writeFile(path.join(temp.dir, 'here.md'), 'x');
    expect((await readForHistory(path.join(temp.dir, 'here.md')))?.toString()).toBe('x');
  });
});
