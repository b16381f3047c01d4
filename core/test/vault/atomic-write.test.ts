import { chmod, chown, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settleWrites, writeFileAtomic } from '../../src/vault/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';

describe('writeFileAtomic', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ dir, cleanup } = await makeTempDir()));
  afterEach(() => cleanup());

  it('writes, creating parent folders, and leaves no temp file behind', async () => {
    const file = path.join(dir, 'a', 'b', 'note.md');
    expect(await writeFileAtomic(file, 'hello')).toEqual({ ok: true });
    expect(await readFile(file, 'utf8')).toBe('hello');
    expect(await readdir(path.dirname(file))).toEqual(['note.md']);
  });

  it('creates only when absent with expect: null', async () => {
    const file = path.join(dir, 'note.md');
    expect(await writeFileAtomic(file, 'first', { expect: null })).toEqual({ ok: true });
    expect(await writeFileAtomic(file, 'second', { expect: null })).toEqual({ ok: false, reason: 'exists' });
    expect(await readFile(file, 'utf8')).toBe('first');
    expect(await readdir(dir)).toEqual(['note.md']);
  });

  it('swaps only when the file still holds the expected content', async () => {
    const file = path.join(dir, 'note.md');
    await writeFile(file, 'v1');
    expect(await writeFileAtomic(file, 'v2', { expect: 'v0' })).toEqual({ ok: false, reason: 'changed' });
    expect(await readFile(file, 'utf8')).toBe('v1');
    expect(await writeFileAtomic(file, 'v2', { expect: 'v1' })).toEqual({ ok: true });
    expect(await readFile(file, 'utf8')).toBe('v2');
    expect(await writeFileAtomic(path.join(dir, 'missing.md'), 'x', { expect: 'v1' })).toEqual({ ok: false, reason: 'missing' });
  });

  it('never swaps a file that is not UTF-8, not even over the string its bytes decode to', async () => {
    const file = path.join(dir, 'latin.md');
    const latin1 = Buffer.from('# Caf\xe9\n', 'latin1');
    await writeFile(file, latin1);
    const lossy = latin1.toString('utf8'); // "# Caf\uFFFD\n": what reading it as UTF-8 gives
    expect(await writeFileAtomic(file, `---\ntokens: 2\n---\n${lossy}`, { expect: lossy })).toEqual({ ok: false, reason: 'changed' });
    expect(await readFile(file)).toEqual(latin1);
  });

  it('never swaps a read-only file; a file it replaces keeps its mode and owner', async () => {
    const locked = path.join(dir, 'locked.md');
    await writeFile(locked, 'v1');
    await chmod(locked, 0o444);
    expect(await writeFileAtomic(locked, 'v2', { expect: 'v1' })).toEqual({ ok: false, reason: 'read-only' });
    expect(await readFile(locked, 'utf8')).toBe('v1');

    const root = process.getuid?.() === 0;
    for (const expected of ['v1', undefined]) {
      const file = path.join(dir, `shared-${expected ?? 'unconditional'}.md`);
      await writeFile(file, 'v1');
      await chmod(file, 0o640);
      if (root) await chown(file, 4321, 4321);
      const before = await stat(file);
      expect(await writeFileAtomic(file, 'v2', expected === undefined ? {} : { expect: expected })).toEqual({ ok: true });
      expect(await readFile(file, 'utf8')).toBe('v2');
      const after = await stat(file);
      expect({ ino: after.ino !== before.ino, mode: after.mode, uid: after.uid, gid: after.gid }).toEqual({ ino: true, mode: 0o100640, uid: before.uid, gid: before.gid });
    }
  });

  it('puts back a write that lands in the file it is replacing', async () => {
    const file = path.join(dir, 'note.md');
    await writeFile(file, 'line 1\n');
    // The hook runs between the last check and the rename: an editor appending right then.
    const outcome = await writeFileAtomic(file, 'header\nline 1\n', {
      expect: 'line 1\n',
      beforeCommit: () => appendFileSync(file, 'line 2\n'),
    });
    expect(outcome).toEqual({ ok: true });
    await settleWrites();
    expect(await readFile(file, 'utf8')).toBe('line 1\nline 2\n');
  });
});
