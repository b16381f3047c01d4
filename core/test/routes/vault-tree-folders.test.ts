import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/temp-dir.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

async function seed(vault: string, files: Record<string, string>): Promise<void> {
  for (const [rel, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(vault, rel)), { recursive: true });
    await writeFile(path.join(vault, rel), content);
  }
}

describe('GET /vault/tree?path= (one folder at a time)', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it("lists a folder's direct children with file counts and token totals below each subfolder", async () => {
    t = await startTestApp({
      prepare: (vault) => seed(vault, { 'projects/garden/a.md': '# A\n\nabcd efgh\n', 'projects/garden/deep/b.md': '# B\n', 'projects/acme/c.md': '# C\n', 'projects/readme.md': '# R\n' }),
    });
    await t.knower.whenSettled();
    const root = (await t.app.inject('/vault/tree?path=')).json();
    expect(root.path).toBe('');
    // Folders exist as the paths of their files: empty ones (a fresh bucket/) are not listed.
    expect(root.folders.map((f: { name: string }) => f.name)).toEqual(['projects']);
    expect(root.files.map((f: { path: string }) => f.path)).not.toContain('tree.md');
    expect(root.files.map((f: { path: string }) => f.path)).toContain('overview.md');

    const projects = (await t.app.inject('/vault/tree?path=projects')).json();
    expect(projects.folders.map((f: { path: string; files: number }) => [f.path, f.files])).toEqual([
      ['projects/acme', 1],
      ['projects/garden', 2],
    ]);
    expect(projects.files.map((f: { path: string }) => f.path)).toEqual(['projects/readme.md']);
    expect(projects.total.files).toBe(4);
    const garden = projects.folders.find((f: { name: string }) => f.name === 'garden');
    const a = t.knower.index.get('projects/garden/a.md')!.tokens!;
    const b = t.knower.index.get('projects/garden/deep/b.md')!.tokens!;
    expect(garden.tokens).toBe(a + b);
  });

  it('answers 404 for a folder the vault does not have, and a file is not a folder', async () => {
    t = await startTestApp();
    await t.knower.whenSettled();
    expect((await t.app.inject('/vault/tree?path=nowhere')).statusCode).toBe(404);
    expect((await t.app.inject('/vault/tree?path=overview.md')).statusCode).toBe(404);
    expect((await t.app.inject('/vault/tree?path=../etc')).json().error).toBe('not_found');
  });

  it('revalidates each folder by its content: a change elsewhere still answers 304', async () => {
    t = await startTestApp({ prepare: (vault) => seed(vault, { 'projects/a/x.md': '# X\n', 'projects/b/y.md': '# Y\n' }) });
    await t.knower.whenSettled();
    const first = await t.app.inject('/vault/tree?path=projects/a');
    const etag = first.headers.etag as string;
    await writeFile(path.join(t.vault, 'projects', 'b', 'z.md'), '# Z\n');
    await waitFor(() => t.knower.index.get('projects/b/z.md'), 5000, 'z listed');
    expect((await t.app.inject({ url: '/vault/tree?path=projects/a', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    await writeFile(path.join(t.vault, 'projects', 'a', 'w.md'), '# W\n');
    await waitFor(() => t.knower.index.get('projects/a/w.md'), 5000, 'w listed');
    const changed = await t.app.inject({ url: '/vault/tree?path=projects/a', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().files.map((f: { path: string }) => f.path)).toEqual(['projects/a/w.md', 'projects/a/x.md']);
  });

  it('keeps the flat listing without a path, and serves both compressed when asked (search hits not)', async () => {
    t = await startTestApp({ prepare: (vault) => seed(vault, Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`bucket/note-${i}.md`, `# Note ${i}\n`]))) });
    await t.knower.whenSettled();
    const flat = await t.app.inject({ url: '/vault/tree', headers: { 'accept-encoding': 'gzip' } });
    expect(flat.headers['content-encoding']).toBe('gzip');
    const folder = await t.app.inject({ url: '/vault/tree?path=bucket', headers: { 'accept-encoding': 'br' } });
    expect(folder.headers['content-encoding']).toBe('br');
    expect((await t.app.inject('/vault/tree')).json().files).toHaveLength(t.knower.index.list().length);
    expect((await t.app.inject('/vault/tree?path=bucket')).json().files).toHaveLength(60);
    // Search hits, a few kB and the fastest answer there is, are never worth compressing.
    const hits = await t.app.inject({ url: '/vault/search?q=note&limit=20', headers: { 'accept-encoding': 'gzip, br' } });
    expect(hits.json().results).toHaveLength(20);
    expect(Number(hits.headers['content-length'] ?? hits.rawPayload.length)).toBeGreaterThan(1024);
    expect(hits.headers['content-encoding']).toBeUndefined();
  });
});
