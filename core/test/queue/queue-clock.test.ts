import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { UpdateInput } from '../../src/agents/index.js';
import { createEventBus } from '../../src/events/index.js';
import { silentLogger } from '../../src/logger.js';
import { createUpdateQueue } from '../../src/queue/index.js';
import { UpdateStore } from '../../src/records/index.js';
import { UpdateJournals, VaultTurns } from '../../src/vault/index.js';
import { makeTempDir, waitFor } from '../helpers/temp-dir.js';

// The queue reads one clock, the one it is given: how long a running update has been quiet (what
// /health calls stuck) is measured on it, like every date the queue writes.
describe('the update queue reads the clock it is given', () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(() => cleanup?.());

  it("measures a running update's quiet time on the injected clock", async () => {
    const temp = await makeTempDir();
    cleanup = temp.cleanup;
    const root = path.join(temp.dir, 'vault');
    await mkdir(root);
    let now = new Date('2025-03-01T10:00:00Z');
    const clock = () => now;
    const store = new UpdateStore(path.join(temp.dir, 'state'), clock);
    let finish: (() => void) | undefined;
    const agents = {
      // An update whose model has not answered yet: it runs until the test lets it finish.
      runUpdate: (_input: UpdateInput) => new Promise<{ status: 'done'; files: string[] }>((resolve) => (finish = () => resolve({ status: 'done', files: [] }))),
      writeFailedItem: async () => '',
    };
    const queue = createUpdateQueue({
      store,
      agents,
      bus: createEventBus(),
      clock,
      log: silentLogger,
      journals: new UpdateJournals({ folders: store, root, log: silentLogger }),
      turns: new VaultTurns(),
    });
    await queue.start();
    const { record } = await queue.submit({ text: 'the heron is back', attachments: [] });
    await waitFor(() => queue.status().running === record.id && finish, 10_000, 'the update to run');

    now = new Date(now.getTime() + 20 * 60_000);
    expect(queue.status().quietMs).toBe(20 * 60_000);

    finish?.();
    await waitFor(() => queue.get(record.id)?.status === 'done', 10_000, 'the update to finish');
    expect(queue.get(record.id)?.finished).toBe(now.toISOString());
    await queue.close();
  });
});
