import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { treeTool } from '../../src/vault-tools/index.js';
import { waitFor } from '../helpers/temp-dir.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** 2,000 folders, one inside the other (4,000 characters of path: near what Linux allows). */
const DEPTH = 2000;
const deepFolder = Array.from({ length: DEPTH }, () => 'd').join('/');

describe('a very deep folder', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('is listed by the tree tool at the vault root, in tree.md and over HTTP, with the depth bound said, never a stack overflow', { timeout: 120_000 }, async () => {
    t = await startTestApp({
      prepare: async (vault) => {
        await mkdir(path.join(vault, 'deep', deepFolder), { recursive: true });
        await writeFile(path.join(vault, 'deep', deepFolder, 'bottom.md'), '# At the bottom\n');
        await writeFile(path.join(vault, 'top.md'), '# Top\n');
      },
    });
    await t.knower.whenSettled();
    const bottom = `deep/${deepFolder}/bottom.md`;
    await waitFor(() => t!.knower.index.get(bottom), 10_000, 'the deep note listed');
    const reader = { root: t.knower.root, index: t.knower.index, search: t.knower.search };
    const root = await treeTool.run({ path: '', depth: 10 }, reader);
    expect(root).toMatchObject({ ok: true });
    expect(root.ok && root.text).toContain('deep/ · 1 files');
    expect(root.ok && root.text).toContain('top.md');
    const tree = await readFile(path.join(t.vault, 'tree.md'), 'utf8');
    expect(tree).toMatch(/### Folders \(\d+ levels? deep; deeper folders as counts\)/);
    expect(tree).toContain('deep/ · 1 files');
    expect((await t.app.inject('/vault/tree?path=deep')).json().total.files).toBe(1);
    expect((await t.app.inject('/vault/tree')).json().files.map((f: { path: string }) => f.path)).toContain(bottom);
  });
});
