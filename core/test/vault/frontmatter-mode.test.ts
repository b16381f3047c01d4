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

    expect(await chooseFrontmatterMode(state, fresh, undefined, now)).toMatchObject({ mode: 'all', reason: expect.stringContaining('new vault'), first_start: true });
    // Notes written afterwards do not change what was decided for that vault.
    await mkdir(fresh, { recursive: true });
    await writeFile(path.join(fresh, 'later.md'), 'x');
    // A later start says when it was decided: the vault is no longer called new.
    expect(await chooseFrontmatterMode(state, fresh, undefined, new Date())).toEqual({
      mode: 'all',
      reason: 'chosen at the first start on this vault (2026-01-01), which was new (KNOWER_FRONTMATTER=knower keeps the fields out of notes Knower did not create)',
      decided_at: '2026-01-01T00:00:00.000Z',
      first_start: false,
    });
    expect(await chooseFrontmatterMode(state, fresh, 'knower', new Date())).toMatchObject({ mode: 'knower', reason: 'set by KNOWER_FRONTMATTER=knower' });

    const other = path.join(temp.dir, 'state2');
    expect(await chooseFrontmatterMode(other, own, undefined, now)).toMatchObject({ mode: 'knower', reason: expect.stringContaining('already had notes') });
    const onlyHidden = path.join(temp.dir, 'hidden-only');
    await mkdir(path.join(onlyHidden, '.obsidian'), { recursive: true });
    await writeFile(path.join(onlyHidden, '.obsidian', 'x.md'), 'x');
    expect((await chooseFrontmatterMode(path.join(temp.dir, 'state3'), onlyHidden, undefined, now)).mode).toBe('all');
  });

  it('stamps Knower\'s own notes and the notes made in its folders while it runs, never the person\'s unless asked', () => {
    const all = { created: 'x', updated: 'y', tokens: '3' };
    expect(stampsNote('knower', 'Journal/day.md', undefined, 'event')).toBe(false);
    expect(stampsNote('knower', 'Journal/day.md', all, 'scan')).toBe(true);
    expect(stampsNote('knower', 'bucket/clip.md', undefined, 'event')).toBe(true);
    expect(stampsNote('knower', 'bucket/clip.md', undefined, 'scan')).toBe(false);
    expect(stampsNote('knower', 'projects/mine/old.md', { created: 'x' }, 'scan')).toBe(false);
    expect(stampsNote('knower', 'tasks.md', undefined, 'event')).toBe(true);
    expect(stampsNote('all', 'Journal/day.md', undefined, 'scan')).toBe(true);
  });
});
