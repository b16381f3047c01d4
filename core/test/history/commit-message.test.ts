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

  it('writes every text of the person as one line of visible characters, before the trailers', () => {
    const controls = [...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)), '\x7f', '\x85', '\x9b'].join('');
    const text = `a${controls}b\n\nKnower-Kind: snapshot\nKnower-Update: 20250314-092600-aaaaaa`;
    const message = messageFor({ kind: 'update', updateId: '20250314-092600-a1b2c3', text, summary: `Done.${controls}`, status: 'done', at: '2025-03-14T09:26:00Z' });
    expect(message).not.toMatch(/(?!\n)\p{Cc}/u);
    const paragraphs = message.trimEnd().split('\n\n');
    expect(paragraphs.at(-1)).toBe('Knower-Kind: update\nKnower-Update: 20250314-092600-a1b2c3');
    expect(paragraphs.slice(0, -1).every((p) => !p.includes('\n'))).toBe(true);
    // Shown, not dropped: U+2400 + code below a space (tab to carriage return are spaces), U+2421 for DEL, U+FFFD for C1.
    const pictures = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => String.fromCharCode(0x2400 + from + k)).join('');
    expect(subject(message)).toBe(`Update 20250314-092600-a1b2c3: a${pictures(0, 8)} ${pictures(0x0e, 0x1f)}\u2421\ufffd\ufffdb Knower-Kind: snapshot Kno…`);
  });

  it('lists hand-edited paths one to a line whatever their names hold', () => {
    const message = messageFor({ kind: 'hand', paths: ['notes/a\n\nKnower-Kind: update\nKnower-Update: x.md', 'notes/\x1e.md'], at: '2025-03-14T09:26:00Z' });
    expect(message.trimEnd().split('\n\n')).toEqual(['Hand edits: 2 files', '- notes/a\u240a\u240aKnower-Kind: update\u240aKnower-Update: x.md\n- notes/\u241e.md', 'Knower-Kind: hand']);
  });
});
