import { describe, expect, it } from 'vitest';
import { LookQueue } from '../../src/jobs/look-queue.js';

describe('the paths waiting to be looked at', () => {
  it('takes everything queued as one batch, saying which paths are first looks', () => {
    let queuedCalls = 0;
    const looks = new LookQueue(60_000, () => queuedCalls++);
    looks.now('a.md', { first: true });
    looks.now('b.md');
    looks.now('a.md');
    expect(queuedCalls).toBe(3);
    expect(looks.queued).toBe(2);
    expect(looks.isComing('a.md')).toBe(true);

    expect(looks.take()).toEqual({ batch: ['a.md', 'b.md'], firstLook: ['a.md'] });
    expect(looks.queued).toBe(0);
    expect(looks.isComing('a.md')).toBe(false);
    // A first look is a first look once.
    looks.now('a.md');
    expect(looks.take()).toEqual({ batch: ['a.md'], firstLook: [] });
  });

  it('queues a settling path once it has been quiet, and counts it as coming meanwhile', async () => {
    let queued!: () => void;
    const queuedNow = new Promise<void>((resolve) => (queued = resolve));
    const looks = new LookQueue(20, () => queued());
    looks.later('note.md');
    looks.later('note.md');
    expect(looks.isSettling('note.md')).toBe(true);
    expect(looks.isComing('note.md')).toBe(true);
    expect(looks.size).toBe(1);
    expect(looks.queued).toBe(0);

    await queuedNow;
    expect(looks.isSettling('note.md')).toBe(false);
    expect(looks.take()).toEqual({ batch: ['note.md'], firstLook: [] });
  });

  it('drops what is settling when closed', async () => {
    let queuedCalls = 0;
    const looks = new LookQueue(20, () => queuedCalls++);
    looks.later('note.md');
    looks.close();
    expect(looks.size).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(queuedCalls).toBe(0);
  });
});
