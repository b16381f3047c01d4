import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { flatTreeStream } from '../../src/routes/tree-stream.js';
import type { IndexEntry } from '../../src/vault/index.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

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

async function seedNotes(vault: string, count: number): Promise<void> {
  await mkdir(path.join(vault, 'bucket', 'many'), { recursive: true });
  for (let i = 0; i < count; i++) await writeFile(path.join(vault, 'bucket', 'many', `note ${i} заметка.md`), `# Note ${i}\n`);
}

describe('GET /vault/tree, flat', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('streams through brotli (a small window) and unpacks to the whole listing', async () => {
    t = await startTestApp({ prepare: (vault) => seedNotes(vault, 300) });
    await t.knower.whenSettled();
    const res = await t.app.inject({ url: '/vault/tree', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const files = t.knower.index.list();
    expect(files.length).toBeGreaterThan(300);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8'))).toEqual({ files });
  });
});
