import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/logger.js';
import type { StampTask } from '../../src/jobs/stamp-note.js';
import { StampPool } from '../../src/jobs/stamp-pool.js';

const task = (rel: string): StampTask => ({ rel, born: new Date('2025-03-01T09:00:00Z'), previousBody: undefined });

describe('the pool that writes the stamps due', () => {
  it('stamps a few notes at a time and looks again at what each worker wrote, in one call per worker', async () => {
    let running = 0;
    let most = 0;
    const lookedAgain: string[][] = [];
    const errors: unknown[] = [];
    let finished = 0;
    const pool = new StampPool({
      stampOne: async (t) => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setImmediate(resolve));
        running--;
        if (t.rel === 'broken.md') throw new Error('disk full');
        return t.rel.startsWith('same') ? undefined : t.rel;
      },
      lookAgain: async (written) => {
        lookedAgain.push(written);
      },
      finished: () => finished++,
      log: { ...silentLogger, error: (obj: unknown) => errors.push(obj) },
    });
    const rels = ['a.md', 'b.md', 'same.md', 'broken.md', 'c.md', 'd.md', 'e.md', 'f.md'];
    await pool.stampAll(rels.map(task));

    expect(most).toBe(4);
    expect(lookedAgain.flat().sort()).toEqual(['a.md', 'b.md', 'c.md', 'd.md', 'e.md', 'f.md']);
    expect(lookedAgain.length).toBeLessThanOrEqual(4);
    expect(errors).toHaveLength(1);
    expect(finished).toBe(4);
    expect(pool.busy).toBe(false);
  });

  it('once closed, drops what is queued and looks again at nothing', async () => {
    const stampedRels: string[] = [];
    const lookedAgain: string[][] = [];
    const pool: StampPool = new StampPool({
      stampOne: async (t) => {
        stampedRels.push(t.rel);
        pool.close();
        return t.rel;
      },
      lookAgain: async (written) => {
        lookedAgain.push(written);
      },
      finished: () => undefined,
      log: silentLogger,
    });
    // One worker per task up to four: the first to run closes the pool, the others find nothing left.
    await pool.stampAll(['a.md', 'b.md', 'c.md', 'd.md', 'e.md', 'f.md'].map(task));
    expect(stampedRels.length).toBeLessThanOrEqual(4);
    expect(lookedAgain).toEqual([]);
    expect(pool.backlog).toBe(0);
    expect(pool.busy).toBe(false);
  });
});
