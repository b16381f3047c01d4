import { chmod, chown, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

describe('file permissions', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const root = process.getuid?.() === 0;

  it('a read-only note is never rewritten; a stamped note keeps its mode and owner', { timeout: 60_000 }, async () => {
    const locked = '# Locked\n\nThe person made this okapi note read-only.\n';
    t = await startTestApp({
      env: { KNOWER_FRONTMATTER: 'all' },
      prepare: async (vault) => {
        await writeFile(path.join(vault, 'locked.md'), locked);
        await chmod(path.join(vault, 'locked.md'), 0o444);
        await writeFile(path.join(vault, 'shared.md'), '# Shared\n\nRead by the group, written by its owner.\n');
        await chmod(path.join(vault, 'shared.md'), 0o640);
        // Running as root, the service writes files it does not own: the owner must stay who it was.
        if (root) await chown(path.join(vault, 'shared.md'), 4321, 4321);
      },
    });
    await t.knower.whenSettled();
    const owner = root ? { uid: 4321, gid: 4321 } : { uid: process.getuid?.(), gid: process.getgid?.() };

    const shared = path.join(t.vault, 'shared.md');
    expect(await readFile(shared, 'utf8')).toMatch(/^---\ntokens: \d+\n/);
    expect(await stat(shared)).toMatchObject({ mode: 0o100640, ...owner });
    expect(await readFile(path.join(t.vault, 'locked.md'), 'utf8')).toBe(locked);
    expect((await stat(path.join(t.vault, 'locked.md'))).mode).toBe(0o100444);
    // Listed and searchable all the same.
    expect(t.knower.index.get('locked.md')).toMatchObject({ kind: 'note' });
    expect((await t.app.inject('/vault/search?q=okapi')).json().results.map((r: { path: string }) => r.path)).toEqual(['locked.md']);
  });
});
