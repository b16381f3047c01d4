import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/logger.js';
import { UpdateJournal } from '../../src/queue/index.js';
import { setFrontmatterFields, withJournal, writeFileAtomic } from '../../src/vault/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';

describe('update journal', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let vault: string;
  let journal: UpdateJournal;
  beforeEach(async () => {
    ({ dir, cleanup } = await makeTempDir());
    vault = path.join(dir, 'vault');
    await import('node:fs/promises').then((fs) => fs.mkdir(vault));
    journal = new UpdateJournal(path.join(dir, 'journal'), vault, silentLogger);
  });
  afterEach(() => cleanup());

  it('undoes a run: created files go, changed files come back, even after the job stamped them', async () => {
    const log = path.join(vault, 'log.md');
    await writeFile(log, '---\ntokens: 2\n---\n# Log\n');
    await withJournal(journal, async () => {
      await writeFileAtomic(log, '---\ntokens: 2\n---\n# Log\n- entry\n', { expect: '---\ntokens: 2\n---\n# Log\n' });
      await writeFileAtomic(path.join(vault, 'new.md'), '# New\n', { expect: null });
    });
    // The background job stamps what the run wrote.
    await writeFile(log, setFrontmatterFields(await readFile(log, 'utf8'), { tokens: 4, updated: '2026-01-01T00:00:00Z' }));
    expect(await journal.undo()).toEqual(['new.md', 'log.md']);
    expect(await readFile(log, 'utf8')).toBe('---\ntokens: 2\n---\n# Log\n');
    await expect(readFile(path.join(vault, 'new.md'))).rejects.toThrow();
  });

  it('leaves a file alone when it was changed by hand after the run wrote it', async () => {
    const note = path.join(vault, 'note.md');
    await withJournal(journal, () => writeFileAtomic(note, '# Mine\n', { expect: null }));
    await writeFile(note, '# Mine\n\nplus a hand edit\n');
    expect(await journal.undo()).toEqual([]);
    expect(await readFile(note, 'utf8')).toBe('# Mine\n\nplus a hand edit\n');
  });

  it('forgets changes that were refused', async () => {
    const note = path.join(vault, 'taken.md');
    await writeFile(note, 'someone else');
    await withJournal(journal, () => writeFileAtomic(note, 'mine', { expect: null }));
    expect(await journal.undo()).toEqual([]);
    expect(await readFile(note, 'utf8')).toBe('someone else');
  });
});
