import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseFrontmatterMode, openKnowerNotes, stampsNote } from '../../src/vault/index.js';
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

  it("stamps Knower's own notes and the notes made in its folders while it runs, never the person's unless asked", () => {
    expect(stampsNote('knower', 'Journal/day.md', false, 'event')).toBe(false);
    // Knower's record makes a note its own, wherever it is and however it was first seen.
    expect(stampsNote('knower', 'Journal/day.md', true, 'scan')).toBe(true);
    expect(stampsNote('knower', 'bucket/clip.md', false, 'event')).toBe(true);
    expect(stampsNote('knower', 'bucket/clip.md', false, 'scan')).toBe(false);
    expect(stampsNote('knower', 'projects/mine/old.md', false, 'scan')).toBe(false);
    expect(stampsNote('knower', 'tasks.md', false, 'event')).toBe(true);
    // Its root files are its own by the record of root names (the person's are excluded before).
    expect(stampsNote('knower', 'tasks.md', false, 'scan')).toBe(true);
    expect(stampsNote('all', 'Journal/day.md', false, 'scan')).toBe(true);
  });
});

describe("Knower's record of its own notes", () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(() => cleanup?.());

  it('follows moves and removals, survives a reopening, and starts over for another vault', async () => {
    const temp = await makeTempDir();
    cleanup = temp.cleanup;
    const errors: unknown[] = [];
    const notes = await openKnowerNotes(temp.dir, '/vault', (err) => errors.push(err));
    notes.add('Journal/summary.md', 'bucket/a.md', 'bucket/b.md', 'odd\nname.md');
    notes.move('bucket', 'projects/trip');
    notes.drop('projects/trip/b.md');
    notes.add('Areas/x.md');
    notes.drop('Areas');
    await notes.flush();
    const again = await openKnowerNotes(temp.dir, '/vault', (err) => errors.push(err));
    for (const rel of ['Journal/summary.md', 'projects/trip/a.md', 'odd\nname.md']) expect({ rel, has: again.has(rel) }).toEqual({ rel, has: true });
    for (const rel of ['bucket/a.md', 'projects/trip/b.md', 'Areas/x.md', 'Journal']) expect({ rel, has: again.has(rel) }).toEqual({ rel, has: false });
    // Compacted when opened: one line for the vault, one per note.
    expect((await readFile(path.join(temp.dir, 'knower-notes.jsonl'), 'utf8')).split('\n').filter(Boolean)).toHaveLength(4);
    expect((await openKnowerNotes(temp.dir, '/elsewhere', (err) => errors.push(err))).has('Journal/summary.md')).toBe(false);
    expect(errors).toEqual([]);
  });
});
