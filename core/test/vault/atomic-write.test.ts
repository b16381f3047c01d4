import { readdir, readFile, writeFile } from 'node:fs/promises';
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
