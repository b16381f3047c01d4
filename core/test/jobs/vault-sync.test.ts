import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEventBus } from '../../src/events/index.js';
import type { BackgroundJob } from '../../src/jobs/index.js';
import { startVaultSync } from '../../src/jobs/index.js';
import { silentLogger } from '../../src/logger.js';
import { SelfWrites } from '../../src/watch/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';

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
});
