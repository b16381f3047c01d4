import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEventBus, type KnowerEvent } from '../../src/events/index.js';
import type { BackgroundJob } from '../../src/jobs/index.js';
import { startVaultSync } from '../../src/jobs/index.js';
import { silentLogger } from '../../src/logger.js';
import { SelfWrites } from '../../src/watch/index.js';
import { makeTempDir, waitFor } from '../helpers/temp-dir.js';

describe('vault sync', () => {
  it('says why hand edits would go unnoticed when the vault cannot be watched, and still settles', async () => {
    const temp = await makeTempDir();
    try {
      const queued: string[] = [];
      const job = { enqueue: (rel: string) => queued.push(rel) } as unknown as BackgroundJob;
      const sync = startVaultSync({ root: path.join(temp.dir, 'gone'), bus: createEventBus(), job, selfWrites: new SelfWrites(), log: silentLogger });
      await sync.ready;
      expect(sync.problem()).toMatch(/^the vault could not be watched: .+; hand edits are not seen until a restart$/);
      await sync.close();
      expect(queued).toEqual([]);
    } finally {
      await temp.cleanup();
    }
  });

  it('tells clients of an update to a file the listing lacks as a new file, and of a known one as a change', async () => {
    const temp = await makeTempDir();
    try {
      // Written before the watch: the watcher then reports each save as an update, as it does
      // for a file created in a new folder just before the folder's watch was in place.
      await writeFile(path.join(temp.dir, 'new.md'), 'one\n');
      await writeFile(path.join(temp.dir, 'known.md'), 'one\n');
      const bus = createEventBus();
      const seen: KnowerEvent[] = [];
      bus.subscribe((e) => seen.push(e));
      const job = { enqueue: () => undefined } as unknown as BackgroundJob;
      const sync = startVaultSync({ root: temp.dir, bus, job, selfWrites: new SelfWrites(), log: silentLogger, listed: (rel) => rel === 'known.md' });
      await sync.ready;
      await writeFile(path.join(temp.dir, 'new.md'), 'two\n');
      await writeFile(path.join(temp.dir, 'known.md'), 'two\n');
      const changes = await waitFor(() => {
        const files = seen.flatMap((e) => (e.type === 'file_changed' ? [e.data] : []));
        return files.length >= 2 && files;
      });
      expect(changes).toEqual(
        expect.arrayContaining([
          { path: 'new.md', type: 'add' },
          { path: 'known.md', type: 'change' },
        ]),
      );
      await sync.close();
    } finally {
      await temp.cleanup();
    }
  });
});
