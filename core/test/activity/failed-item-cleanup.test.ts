import { writeFileSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { failedItemCleanup } from '../../src/activity/index.js';
import type { UpdateRecord } from '../../src/records/index.js';
import { savingBefore } from '../helpers/hand-saves.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const ID = '20250314-092500-abcdef';

describe('removing the inbox item a failed update left, once its retry has an outcome', () => {
  let root: string;
  let cleanup: () => Promise<void>;
  let folder: string;
  const failed: UpdateRecord = { id: ID, seq: 1, status: 'failed', text: 'Beans', attachments: [], created: '2025-03-14T09:25:00Z', attempts: 1, inbox_id: ID };
  const clear = () => failedItemCleanup({ root, store: { attachmentPath: () => path.join(root, 'no-image') } });
  beforeEach(async () => {
    ({ dir: root, cleanup } = await makeTempDir());
    folder = path.join(root, 'inbox', ID);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'review.md'), `---\nstatus: failed\nupdate_id: "${ID}"\n---\n# Update failed\n`);
    await writeFile(path.join(folder, 'input.md'), 'Beans\n');
  });
  afterEach(() => cleanup());

  it('removes exactly what the failure wrote, then the folder', async () => {
    expect(
      await clear()(
        failed,
        savingBefore([], () => undefined),
      ),
    ).toEqual([`inbox/${ID}/input.md`, `inbox/${ID}/review.md`]);
    expect(await readdir(path.join(root, 'inbox'))).toEqual([]);
  });

  it('keeps a note the person saves into the item while it is being removed, and the folder with it', async () => {
    const writer = savingBefore(['removeTree', 'removeIfUnchanged'], () => writeFileSync(path.join(folder, 'my-notes.md'), 'Try again tomorrow.\n'));
    expect(await clear()(failed, writer)).toEqual([`inbox/${ID}/input.md`, `inbox/${ID}/review.md`]);
    expect(await readdir(folder)).toEqual(['my-notes.md']);
    expect(await readFile(path.join(folder, 'my-notes.md'), 'utf8')).toBe('Try again tomorrow.\n');
  });
});
