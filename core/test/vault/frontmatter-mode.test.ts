import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseFrontmatterMode, stampsNote } from '../../src/vault/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';

describe('where notes keep their metadata', () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(() => cleanup?.());

  it('is decided at the first start on a vault, remembered, and overridden by the setting', async () => {
    const temp = await makeTempDir();
    cleanup = temp.cleanup;
    const state = path.join(temp.dir, 'state');
    const fresh = path.join(temp.dir, 'fresh');
    const own = path.join(temp.dir, 'own');
    await mkdir(path.join(own, 'Deep/er'), { recursive: true });
    await mkdir(path.join(own, '.obsidian'), { recursive: true });
    await writeFile(path.join(own, '.obsidian', 'hidden.md'), 'x');
    await writeFile(path.join(own, 'Deep/er', 'note.md'), 'x');
    const now = new Date('2026-01-01T00:00:00Z');

    expect(await chooseFrontmatterMode(state, fresh, undefined, now)).toMatchObject({ mode: 'all', reason: expect.stringContaining('new vault'), since: now.toISOString() });
    // Notes written afterwards do not change what was decided for that vault.
    await mkdir(fresh, { recursive: true });
    await writeFile(path.join(fresh, 'later.md'), 'x');
    expect((await chooseFrontmatterMode(state, fresh, undefined, new Date())).mode).toBe('all');
    expect(await chooseFrontmatterMode(state, fresh, 'knower', new Date())).toMatchObject({ mode: 'knower', reason: 'set by KNOWER_FRONTMATTER=knower' });

    const other = path.join(temp.dir, 'state2');
    expect(await chooseFrontmatterMode(other, own, undefined, now)).toMatchObject({ mode: 'knower', reason: expect.stringContaining('already had notes') });
    const onlyHidden = path.join(temp.dir, 'hidden-only');
    await mkdir(path.join(onlyHidden, '.obsidian'), { recursive: true });
    await writeFile(path.join(onlyHidden, '.obsidian', 'x.md'), 'x');
    expect((await chooseFrontmatterMode(path.join(temp.dir, 'state3'), onlyHidden, undefined, now)).mode).toBe('all');
  });

  it('stamps Knower\'s own notes and folders, never the person\'s notes unless asked', () => {
    const since = '2026-01-01T00:00:00Z';
    const before = Date.parse(since) - 1;
    const after = Date.parse(since) + 1;
    const knower = { mode: 'knower' as const, since };
    const all = { created: 'x', updated: 'y', tokens: '3' };
    expect(stampsNote(knower, 'Journal/day.md', undefined, after)).toBe(false);
    expect(stampsNote(knower, 'Journal/day.md', all, before)).toBe(true);
    expect(stampsNote(knower, 'bucket/clip.md', undefined, after)).toBe(true);
    expect(stampsNote(knower, 'projects/mine/old.md', { created: 'x' }, before)).toBe(false);
    expect(stampsNote(knower, 'tasks.md', undefined, after)).toBe(true);
    expect(stampsNote({ mode: 'all', since }, 'Journal/day.md', undefined, before)).toBe(true);
  });
});
