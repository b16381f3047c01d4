import { appendFileSync, renameSync, writeFileSync } from 'node:fs';
import { readdir, readFile, symlink, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeIfUnchanged, settleWrites, setFrontmatterFields } from '../../src/vault/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';

/** What vim, JetBrains' safe write, Syncthing and Dropbox do: a new file renamed over the note. */
function editorSave(file: string, content: string): void {
  const tmp = path.join(path.dirname(file), `${path.basename(file)}.editor-tmp`);
  writeFileSync(tmp, content);
  renameSync(tmp, file);
}

describe('a checked removal against the ways people save', () => {
  const V1 = '# Note\n\nv1\n';
  let dir: string;
  let file: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    ({ dir, cleanup } = await makeTempDir());
    file = path.join(dir, 'note.md');
    await writeFile(file, V1);
  });
  afterEach(async () => {
    await settleWrites();
    await cleanup();
  });

  const remove = async (hooks?: Parameters<typeof removeIfUnchanged>[2]) => {
    const outcome = await removeIfUnchanged(file, Buffer.from(V1), hooks);
    await settleWrites();
    return outcome;
  };

  it('removes the file while it holds what was checked, the job stamp aside, and leaves nothing beside it', async () => {
    await writeFile(file, setFrontmatterFields(V1, { tokens: 2 }));
    expect(await remove()).toEqual({ ok: true });
    expect(await readdir(dir)).toEqual([]);
  });

  it('leaves a file that holds something else, and says when there is nothing to remove', async () => {
    await writeFile(file, '# Note\n\nv2\n');
    expect(await remove()).toEqual({ ok: false, reason: 'changed' });
    expect(await readFile(file, 'utf8')).toBe('# Note\n\nv2\n');
    expect(await removeIfUnchanged(path.join(dir, 'absent.md'), Buffer.from(V1))).toEqual({ ok: false, reason: 'missing' });
  });

  it('loses to a save renamed over the file just after the check', async () => {
    expect(await remove({ checked: () => editorSave(file, '# Note\n\nv2 typed by the person\n') })).toEqual({ ok: false, reason: 'changed' });
    expect(await readFile(file, 'utf8')).toBe('# Note\n\nv2 typed by the person\n');
    expect(await readdir(dir)).toEqual(['note.md']);
  });

  it('never touches a file created at the path while the checked one is aside', async () => {
    expect(await remove({ aside: () => writeFileSync(file, 'saved in the gap\n') })).toEqual({ ok: true });
    expect(await readFile(file, 'utf8')).toBe('saved in the gap\n');
    expect(await readdir(dir)).toEqual(['note.md']);
  });

  it('brings back what was written into the file in place after the check', async () => {
    expect(await remove({ checked: () => appendFileSync(file, 'appended by hand\n') })).toEqual({ ok: true });
    expect(await readFile(file, 'utf8')).toBe(`${V1}appended by hand\n`);
    expect(await readdir(dir)).toEqual(['note.md']);
  });

  it('removes a symlink as a link and leaves its target', async () => {
    const target = path.join(dir, 'target.md');
    await writeFile(target, V1);
    await unlink(file);
    await symlink(target, file);
    expect(await remove()).toEqual({ ok: true });
    expect(await readdir(dir)).toEqual(['target.md']);
    expect(await readFile(target, 'utf8')).toBe(V1);
  });
});
