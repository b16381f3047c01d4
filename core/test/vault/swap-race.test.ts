import { appendFileSync, existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeFileOps, probeFilesystem, registerFilesystem, settleWrites, writeFileAtomic, type SwapHooks } from '../../src/vault/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';

/** What vim, JetBrains' safe write, Syncthing and Dropbox do: a new file renamed over the note. */
function editorSave(file: string, content: string): void {
  const tmp = path.join(path.dirname(file), `${path.basename(file)}.editor-tmp`);
  writeFileSync(tmp, content);
  renameSync(tmp, file);
}

describe('compare-and-swap against the ways people save', () => {
  let dir: string;
  let file: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    ({ dir, cleanup } = await makeTempDir());
    file = path.join(dir, 'note.md');
    await writeFile(file, '# Note\n\nv1\n');
  });
  afterEach(() => cleanup());

  /** The job's stamp of v1, racing a save placed at `hooks`; returns the outcome once repairs settled. */
  async function stampRacing(hooks: SwapHooks | { beforeCommit: () => void }) {
    const outcome = await writeFileAtomic(file, '---\ntokens: 3\n---\n# Note\n\nv1\n', {
      expect: '# Note\n\nv1\n',
      ...('beforeCommit' in hooks ? hooks : { hooks }),
    });
    await settleWrites();
    return outcome;
  }

  const onlyTheNote = async () => expect((await readdir(dir)).sort()).toEqual(['note.md']);

  it('never brings back, empty, a folder deleted while it was about to replace a note in it', async () => {
    const folder = path.join(dir, 'inbox', 'item');
    const note = path.join(folder, 'review.md');
    await mkdir(folder, { recursive: true });
    await writeFile(note, '# Review\n');
    const outcome = await writeFileAtomic(note, '---\ntokens: 2\n---\n# Review\n', {
      expect: '# Review\n',
      hooks: { opened: () => rmSync(folder, { recursive: true }) },
    });
    await settleWrites();
    expect(outcome).toEqual({ ok: false, reason: 'missing' });
    expect(existsSync(folder)).toBe(false);
  });

  it('loses to a save renamed over the note just before it moves the note aside', async () => {
    const outcome = await stampRacing({ checked: () => editorSave(file, '# Note\n\nv2 typed by the person\n') });
    expect(outcome).toEqual({ ok: false, reason: 'changed' });
    expect(await readFile(file, 'utf8')).toBe('# Note\n\nv2 typed by the person\n');
    await onlyTheNote();
  });

  it('loses to a save renamed over the note while it writes its own version', async () => {
    const outcome = await stampRacing({ beforeCommit: () => editorSave(file, '# Note\n\nv2\n') });
    expect(outcome).toEqual({ ok: false, reason: 'changed' });
    expect(await readFile(file, 'utf8')).toBe('# Note\n\nv2\n');
    await onlyTheNote();
  });

  it('leaves a whole save made in the instant the note is aside as the person saved it', async () => {
    const outcome = await stampRacing({ aside: () => editorSave(file, '# Note\n\nv2 saved in the gap\n') });
    expect(outcome).toEqual({ ok: false, reason: 'changed' });
    expect(await readFile(file, 'utf8')).toBe('# Note\n\nv2 saved in the gap\n');
    await onlyTheNote();
  });

  it('puts an append that created the file afresh in that instant after the note, not instead of it', async () => {
    const outcome = await stampRacing({ aside: () => appendFileSync(file, 'appended line\n') });
    expect(outcome).toEqual({ ok: false, reason: 'changed' });
    expect(await readFile(file, 'utf8')).toBe('# Note\n\nv1\nappended line\n');
    await onlyTheNote();
  });

  it('leaves an in-place save that created the file afresh in that instant as written', async () => {
    await stampRacing({ aside: () => writeFileSync(file, '# Note\n\nrewritten in place\n') });
    expect(await readFile(file, 'utf8')).toBe('# Note\n\nrewritten in place\n');
    await onlyTheNote();
  });

  it('puts back a write that lands in the note it is replacing, after its last check', async () => {
    const outcome = await stampRacing({ checked: () => appendFileSync(file, 'line 2\n') });
    expect(outcome).toEqual({ ok: true });
    expect(await readFile(file, 'utf8')).toBe('# Note\n\nv1\nline 2\n');
    await onlyTheNote();
  });

  it('puts back, byte for byte, a write in another encoding that lands in the note after its last check', async () => {
    const latin1 = Buffer.from('caf\xe9 cr\xe8me\n', 'latin1');
    const outcome = await stampRacing({ checked: () => appendFileSync(file, latin1) });
    expect(outcome).toEqual({ ok: true });
    expect(await readFile(file)).toEqual(Buffer.concat([Buffer.from('# Note\n\nv1\n'), latin1]));
    await onlyTheNote();
  });

  it('stamps the note when nothing races it, and leaves no temp or aside file', async () => {
    expect(await stampRacing({})).toEqual({ ok: true });
    expect(await readFile(file, 'utf8')).toBe('---\ntokens: 3\n---\n# Note\n\nv1\n');
    await onlyTheNote();
  });

  describe('on a filesystem without hard links', () => {
    let unregister: () => void;
    beforeEach(() => {
      const noLinks = {
        ...nodeFileOps,
        link: () => {
          throw Object.assign(new Error('EPERM: operation not permitted, link'), { code: 'EPERM' });
        },
      };
      const probed = probeFilesystem(dir, noLinks);
      expect(probed.hardLinks).toBe(false);
      unregister = registerFilesystem(probed);
    });
    afterEach(() => unregister());

    it("swaps (keeping the note's mode), creates only when absent, and still loses to a save renamed over the note", async () => {
      await chmod(file, 0o640);
      expect(await stampRacing({})).toEqual({ ok: true });
      expect((await stat(file)).mode).toBe(0o100640);
      expect(await writeFileAtomic(path.join(dir, 'new.md'), 'first', { expect: null })).toEqual({ ok: true });
      expect(await writeFileAtomic(path.join(dir, 'new.md'), 'second', { expect: null })).toEqual({ ok: false, reason: 'exists' });
      expect(await readFile(path.join(dir, 'new.md'), 'utf8')).toBe('first');
      await writeFile(file, '# Note\n\nv1\n');
      const outcome = await stampRacing({ checked: () => editorSave(file, '# Note\n\nv2\n') });
      expect(outcome).toEqual({ ok: false, reason: 'changed' });
      expect(await readFile(file, 'utf8')).toBe('# Note\n\nv2\n');
      expect((await readdir(dir)).sort()).toEqual(['new.md', 'note.md']);
    });
  });

  it('finds hard links and case-sensitive names on this filesystem', () => {
    const probed = probeFilesystem(dir, nodeFileOps);
    expect(probed).toMatchObject({ hardLinks: true, caseInsensitive: false });
  });
});
