import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveVaultPath } from '../../src/vault/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';

describe('resolveVaultPath', () => {
  let root: string;
  let outside: string;
  let cleanups: Array<() => Promise<void>> = [];

  beforeEach(async () => {
    const a = await makeTempDir();
    const b = await makeTempDir();
    cleanups = [a.cleanup, b.cleanup];
    root = a.dir;
    outside = b.dir;
    await mkdir(path.join(root, 'projects', 'alpha'), { recursive: true });
    await writeFile(path.join(outside, 'secret.md'), 'secret');
  });
  afterEach(async () => {
    for (const c of cleanups) await c();
  });

  it('accepts plain relative paths, including spaces and non-ASCII names', async () => {
    for (const p of ['projects/alpha/state.md', 'bucket/my note.md', 'bucket/заметка 笔记.md', './tasks.md']) {
      const r = await resolveVaultPath(root, p);
      expect(r.ok, p).toBe(true);
      if (r.ok) expect(r.abs).toBe(path.join(root, r.rel));
    }
  });

  it.each([
    ['../secret.md', 'traversal'],
    ['projects/../../secret.md', 'traversal'],
    ['/etc/passwd', 'absolute'],
    ['~/notes.md', 'absolute'],
    ['C:\\Windows\\win.ini', 'absolute'],
    ['bucket/a\0.md', 'nul'],
    ['.git/config', 'hidden'],
    ['projects/.obsidian/workspace', 'hidden'],
    ['', 'empty'],
  ])('refuses %j as %s', async (input, problem) => {
    const r = await resolveVaultPath(root, input);
    expect(r).toMatchObject({ ok: false, problem });
  });

  it('refuses non-strings', async () => {
    expect(await resolveVaultPath(root, 42)).toMatchObject({ ok: false, problem: 'invalid' });
  });

  it('refuses symlinks that lead outside, for existing and not-yet-existing targets', async () => {
    await symlink(outside, path.join(root, 'escape'));
    await symlink(path.join(outside, 'secret.md'), path.join(root, 'link.md'));
    expect(await resolveVaultPath(root, 'escape/secret.md')).toMatchObject({ ok: false, problem: 'outside' });
    expect(await resolveVaultPath(root, 'escape/new/file.md')).toMatchObject({ ok: false, problem: 'outside' });
    expect(await resolveVaultPath(root, 'link.md')).toMatchObject({ ok: false, problem: 'outside' });
  });

  it('allows symlinks that stay inside the vault', async () => {
    await symlink(path.join(root, 'projects'), path.join(root, 'p'));
    expect(await resolveVaultPath(root, 'p/alpha')).toMatchObject({ ok: true, rel: 'p/alpha' });
  });

  it('gives the root only when asked', async () => {
    expect(await resolveVaultPath(root, '.', { allowRoot: true })).toMatchObject({ ok: true, rel: '', abs: root });
    expect(await resolveVaultPath(root, '.')).toMatchObject({ ok: false, problem: 'empty' });
  });
});
