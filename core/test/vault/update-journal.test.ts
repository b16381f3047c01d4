import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/logger.js';
import { UpdateJournal } from '../../src/vault/index.js';
import { journaledWriter, refusingWriter, setFrontmatterFields, type VaultWriter } from '../../src/vault/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';

describe('update journal', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let vault: string;
  let journal: UpdateJournal;
  let writer: VaultWriter;
  beforeEach(async () => {
    ({ dir, cleanup } = await makeTempDir());
    vault = path.join(dir, 'vault');
    await import('node:fs/promises').then((fs) => fs.mkdir(vault));
    journal = new UpdateJournal(path.join(dir, 'journal'), vault, silentLogger);
    writer = journaledWriter(journal);
  });
  afterEach(() => cleanup());

  it('undoes a run: created files go, changed files come back, even after the job stamped them', async () => {
    const log = path.join(vault, 'log.md');
    await writeFile(log, '---\ntokens: 2\n---\n# Log\n');
    await writer.write(log, '---\ntokens: 2\n---\n# Log\n- entry\n', { expect: '---\ntokens: 2\n---\n# Log\n' });
    await writer.write(path.join(vault, 'new.md'), '# New\n', { expect: null });
    // The background job stamps what the run wrote.
    await writeFile(log, setFrontmatterFields(await readFile(log, 'utf8'), { tokens: 4, updated: '2026-01-01T00:00:00Z' }));
    expect(await journal.undo()).toEqual(['new.md', 'log.md']);
    expect(await readFile(log, 'utf8')).toBe('---\ntokens: 2\n---\n# Log\n');
    await expect(readFile(path.join(vault, 'new.md'))).rejects.toThrow();
  });

  it('leaves a file alone when it was changed by hand after the run wrote it', async () => {
    const note = path.join(vault, 'note.md');
    await writer.write(note, '# Mine\n', { expect: null });
    await writeFile(note, '# Mine\n\nplus a hand edit\n');
    expect(await journal.undo()).toEqual([]);
    expect(await readFile(note, 'utf8')).toBe('# Mine\n\nplus a hand edit\n');
  });

  it('forgets changes that were refused', async () => {
    const note = path.join(vault, 'taken.md');
    await writeFile(note, 'someone else');
    await writer.write(note, 'mine', { expect: null });
    expect(await journal.undo()).toEqual([]);
    expect(await readFile(note, 'utf8')).toBe('someone else');
  });

  /** Every file below the vault with its content: the whole state a run could change. */
  async function snapshot(): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const entry of await readdir(vault, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) out[path.relative(vault, path.join(entry.parentPath, entry.name))] = await readFile(path.join(entry.parentPath, entry.name), 'utf8');
    }
    return out;
  }

  it('journals every kind of change the writer makes, so undo puts the vault back as it was', async () => {
    await mkdir(path.join(vault, 'projects/acme'), { recursive: true });
    await mkdir(path.join(vault, 'old'), { recursive: true });
    await writeFile(path.join(vault, 'projects/acme/state.md'), '# State\n');
    await writeFile(path.join(vault, 'projects/acme/tasks.md'), '# Tasks\n');
    await writeFile(path.join(vault, 'old/a.md'), 'a');
    await writeFile(path.join(vault, 'old/b.md'), 'b');
    await writeFile(path.join(vault, 'merged.md'), 'merged');
    await writeFile(path.join(dir, 'upload.png'), 'png bytes');
    const before = await snapshot();

    await writer.write(path.join(vault, 'projects/acme/state.md'), '# State\n\nshipped\n', { expect: '# State\n' });
    await writer.write(path.join(vault, 'projects/acme/tasks.md'), '# Tasks\n- [ ] ship\n');
    await writer.linkFile(path.join(vault, 'merged.md'), path.join(vault, 'projects/acme/merged.md'));
    await writer.removeFile(path.join(vault, 'merged.md'));
    for (const name of ['state.md', 'tasks.md', 'merged.md']) {
      const from = path.join(vault, 'projects/acme', name);
      const bytes = await readFile(from);
      await mkdir(path.join(vault, 'archive'), { recursive: true });
      await writer.linkFile(from, path.join(vault, 'archive', name));
      expect(await writer.removeIfUnchanged(from, bytes)).toEqual({ ok: true });
    }
    for (const name of ['a.md', 'b.md']) await writer.removeIfUnchanged(path.join(vault, 'old', name), Buffer.from(name[0]!));
    await writer.copyInto(path.join(dir, 'upload.png'), path.join(vault, 'archive/upload.png'));
    expect(await snapshot()).not.toEqual(before);

    await journal.undo();
    expect(await snapshot()).toEqual(before);
  });

  it("records nothing for a change that was refused: undo leaves the other writer's file alone", async () => {
    await writeFile(path.join(vault, 'theirs.md'), 'theirs');
    await writeFile(path.join(vault, 'ours.md'), 'ours');
    await writeFile(path.join(dir, 'upload.png'), 'png bytes');
    await expect(writer.linkFile(path.join(vault, 'ours.md'), path.join(vault, 'theirs.md'))).rejects.toThrow(/EEXIST/);
    await expect(writer.copyInto(path.join(dir, 'upload.png'), path.join(vault, 'theirs.md'))).rejects.toThrow(/EEXIST/);
    expect(await writer.write(path.join(vault, 'theirs.md'), 'mine', { expect: 'not what it holds' })).toEqual({ ok: false, reason: 'changed' });
    expect(await writer.removeIfUnchanged(path.join(vault, 'theirs.md'), Buffer.from('what it held once'))).toEqual({ ok: false, reason: 'changed' });
    expect(await journal.undo()).toEqual([]);
    expect(await readFile(path.join(vault, 'theirs.md'), 'utf8')).toBe('theirs');
  });

  it('a run given the refusing writer cannot change the vault', async () => {
    await writeFile(path.join(vault, 'note.md'), 'kept');
    await expect(refusingWriter.write(path.join(vault, 'note.md'), 'gone')).rejects.toThrow(/may not change the vault/);
    await expect(refusingWriter.removeFile(path.join(vault, 'note.md'))).rejects.toThrow(/may not change the vault/);
    expect(await readFile(path.join(vault, 'note.md'), 'utf8')).toBe('kept');
  });
});
