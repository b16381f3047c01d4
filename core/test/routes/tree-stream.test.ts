import { describe, expect, it } from 'vitest';
import { flatTreeStream } from '../../src/routes/tree-stream.js';
import type { IndexEntry } from '../../src/vault/index.js';

describe('the flat tree listing, streamed', () => {
  it('is byte for byte the whole listing serialized at once, in pieces rather than one string', async () => {
    const entries: IndexEntry[] = Array.from({ length: 1234 }, (_, i) => ({
      path: i % 3 ? `projects/p${i % 7}/notes/note ${i} заметка 知识.md` : `bucket/"quoted" ${i}.png`,
      kind: i % 3 ? 'note' : 'file',
      size: i * 17,
      ...(i % 3 ? { tokens: i, updated: '2024-05-01T10:00:00.000Z', created: '2024-04-01T10:00:00.000Z' } : {}),
      ...(i === 5 ? { malformed: 'bad YAML' } : {}),
    }));
    const pieces: Buffer[] = [];
    for await (const piece of flatTreeStream(entries)) pieces.push(Buffer.from(piece as Buffer));
    expect(Buffer.concat(pieces).toString('utf8')).toBe(JSON.stringify({ files: entries }));
    expect(pieces.length).toBeGreaterThan(3);
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThan(Buffer.byteLength(JSON.stringify({ files: entries })) / 2);
  });

  it('lists nothing as an empty list', async () => {
    const pieces: Buffer[] = [];
    for await (const piece of flatTreeStream([])) pieces.push(Buffer.from(piece as Buffer));
    expect(JSON.parse(Buffer.concat(pieces).toString('utf8'))).toEqual({ files: [] });
  });
});
