import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchEngine } from '../../src/search/index.js';
import { disposeSandbox, makeSandbox, scannedEngine, type Sandbox } from './qmd-fixture.js';
import { referenceVault } from './reference-vault.js';

const paths = async (engine: SearchEngine, query: string) => (await engine.search({ query, limit: 10 })).results.map((h) => h.path);

describe('names first: a note named by the query ranks above the notes that mention it', () => {
  let sandbox: Sandbox;
  let engine: SearchEngine;
  beforeAll(async () => {
    sandbox = await makeSandbox({ ...referenceVault(2_000), 'notes/咖啡机.md': '# 咖啡机\n\n型号和保修。\n', 'notes/kaffee.md': '# Küche\n\nDie 咖啡机 steht in der Küche.\n' });
    engine = await scannedEngine(sandbox);
  }, 180_000);
  afterAll(() => disposeSandbox(sandbox));

  it('in a reference vault where git, du, ls and tar are mentioned in hundreds of pages', async () => {
    // The premise: each name is all over the vault.
    for (const name of ['git', 'du', 'ls', 'tar']) expect((await engine.search({ query: name, limit: 200 })).results.length, name).toBeGreaterThan(100);
    expect((await paths(engine, 'git'))[0]).toBe('pages/git.md');
    expect((await paths(engine, 'du'))[0]).toBe('pages/du.md');
    expect((await paths(engine, 'ls'))[0]).toBe('pages/ls.md');
    expect((await paths(engine, 'tar'))[0]).toBe('pages/tar.md');
    expect((await paths(engine, 'Git'))[0]).toBe('pages/git.md');
    // Names are cut by the same tokenizer as the text: symbols and CJK.
    expect((await paths(engine, 'c++'))[0]).toBe('pages/c++.md');
    expect((await paths(engine, 'node.js'))[0]).toBe('pages/node.js.md');
    expect((await paths(engine, '咖啡机'))[0]).toBe('notes/咖啡机.md');
  });

  it('for a question whose content words hold the name', async () => {
    expect((await paths(engine, 'how do I extract a tar archive'))[0]).toBe('pages/tar.md');
    expect((await paths(engine, 'git branch'))[0]).toBe('pages/git-branch.md');
  });

  it('a note named after one word of a question it is off-topic for stays below the notes holding every word', async () => {
    const found = await paths(engine, 'rename git branch');
    expect(found[0]).toBe('pages/git-branch.md');
    expect(found.indexOf('pages/rename.md')).toBeGreaterThan(found.indexOf('pages/git-branch.md'));
  });
});
