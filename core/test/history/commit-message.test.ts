import { describe, expect, it } from 'vitest';
import { messageFor, readableTime } from '../../src/history/commit-message.js';

const subject = (message: string) => message.split('\n')[0];

describe('history subjects as people read them', () => {
  it('says "Put back" for the undo of an undo, not "Undo: Undo:"', () => {
    const undo = messageFor({ kind: 'undo', undoes: 'abc', undoneSubject: 'Update u-1: Planted garlic', conflicts: 0, at: '2025-03-14T09:26:00Z' });
    expect(subject(undo)).toBe('Undo: Update u-1: Planted garlic');
    const putBack = messageFor({ kind: 'undo', undoes: 'def', undoneSubject: subject(undo)!, conflicts: 0, at: '2025-03-14T09:27:00Z' });
    expect(subject(putBack)).toBe('Put back: Update u-1: Planted garlic');
  });

  it('titles a restore with a readable time', () => {
    const restore = messageFor({ kind: 'restore', path: 'projects/garden/state.md', from: 'abc', fromAt: '2025-03-14T09:26:41.000Z', at: '2025-03-15T10:00:00Z' });
    expect(subject(restore)).toBe('Restore projects/garden/state.md to its version of 2025-03-14 09:26 UTC');
    expect(readableTime('not a time')).toBe('not a time');
  });
});
