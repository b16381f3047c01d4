import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanProgress, SearchEngine, SyncResult } from '../../src/search/index.js';
import { disposeSandbox, makeEngine, makeSandbox, scannedEngine, writeNote, type Sandbox } from './qmd-fixture.js';

const fm = (extra = '') => `---\ncreated: 2024-01-01\nupdated: 2024-01-02\ntokens: 10\n${extra}---\n`;

const FILES: Record<string, string> = {
  'projects/alpha/state.md': `${fm('tags: zebrafish\n')}# Alpha state\n\nThe alpha project uses a flux capacitor.\nAnother line here.\n`,
  'projects/alpha/notes.md': `${fm()}# Alpha notes\n\nA single flux mention.\n`,
  'projects/beta/plan.md': `${fm()}# Beta plan\n\nBeta also needs flux.\n`,
  'projects/my proj/笔记 notes.md': `${fm()}# 中文笔记\n\n我们讨论了机器学习和数据库。\nПривет мир, это тест.\n`,
  'bucket/Заметки о встрече.md': `${fm()}# Заметки\n\nВстреча с командой прошла хорошо.\n`,
  'bucket/会議.md': `${fm()}# 会議\n\n会議の議事録をここに書く。\n`,
  'changelog.md': `${fm()}# Changelog\n\n- decided on the quasar design\n`,
  // A person's own folders and notes, with and without frontmatter, in other scripts.
  'Journal 2024/مذكرات.md': '# يوميات\n\nذهبت إلى السوق واشتريت البرتقال.\n',
  'Journal 2024/Σημειώσεις.md': 'Η συνάντηση με τον Γιώργο ήταν χρήσιμη.\n',
  'Reading list.md': '---\naliases: [books]\n---\nNo heading here, only a kumquat.\n',
  // Never indexed (DESIGN.md): agent context files, the inbox, dot-folders.
  'overview.md': '# Overview\n\nflux everywhere\n',
  'profile.md': '# Profile\n\nflux lover\n',
  'tree.md': '# Tree\n\nflux\n',
  'inbox/123/review.md': '# Review\n\nflux question\n',
  'projects/.hidden/secret.md': '# Secret\n\nflux secret\n',
  '.obsidian/workspace.md': 'flux\n',
};
for (let i = 0; i < 120; i++) FILES[`bucket/flux ${i}.md`] = `${fm()}# Flux ${i}\n\nflux flux flux flux capacitor flux\n`;
const INDEXED = Object.keys(FILES).filter((p) => !/^(overview|profile|tree)\.md$|^inbox\/|(^|\/)\./.test(p)).length;

const paths = async (engine: SearchEngine, query: string, extra: { limit?: number; scope?: string } = {}) => (await engine.search({ query, ...extra })).results.map((h) => h.path).sort();

describe('search engine on qmd, through the index worker', () => {
  let sandbox: Sandbox;
  let engine: SearchEngine;
  const batches: SyncResult[] = [];
  let progress: ScanProgress | undefined;

  beforeAll(async () => {
    sandbox = await makeSandbox(FILES);
    engine = makeEngine(sandbox);
    progress = await engine.scan((batch) => batches.push(batch));
  });
  afterAll(() => disposeSandbox(sandbox));

  it('indexes every note of the vault in one pass, reporting what it saw', async () => {
    const seen = batches.flatMap((b) => b.upserts.map((f) => f.path)).sort();
    // Every visible file is reported (dot-folders never are); only the indexed set goes to search.
    expect(seen).toEqual(
      Object.keys(FILES)
        .filter((p) => !/(^|\/)\./.test(p))
        .sort(),
    );
    expect(progress).toEqual({ files: { done: seen.length, total: seen.length }, search: { done: INDEXED, total: INDEXED } });
    expect(engine.status()).toMatchObject({ available: true, documents: INDEXED, version: '2.8.3', partial: false });
    const state = batches.flatMap((b) => b.upserts).find((f) => f.path === 'projects/alpha/state.md');
    expect(state).toMatchObject({ kind: 'note', indexed: true, tokens: expect.any(Number), frontmatter: { created: '2024-01-01', updated: '2024-01-02', tokens: '10' } });
    expect(batches.flatMap((b) => b.upserts).find((f) => f.path === 'profile.md')?.indexed).toBe(false);
  });

  it('finds notes by their text and titles, with vault-relative paths, titles and snippets', async () => {
    expect(await engine.search({ query: 'quasar' })).toEqual({
      mode: 'fast',
      results: [{ path: 'changelog.md', title: 'Changelog', score: expect.any(Number), snippet: '- decided on the quasar design', passage: { headings: ['Changelog'], from: 6, to: 8 } }],
    });
    // A note without a heading is titled by its file name, and found by it.
    expect((await engine.search({ query: 'kumquat' })).results[0]).toMatchObject({ path: 'Reading list.md', title: 'Reading list' });
  });

  it('never matches folder names or the collection name', async () => {
    expect(await paths(engine, 'bucket')).toEqual([]);
    expect(await paths(engine, 'vault')).toEqual([]);
    expect(await paths(engine, 'Journal')).toEqual([]);
  });

  it('finds words in five scripts, in paths with spaces and non-Latin names', async () => {
    expect(await paths(engine, '机器学习')).toEqual(['projects/my proj/笔记 notes.md']);
    expect(await paths(engine, 'Привет')).toEqual(['projects/my proj/笔记 notes.md']);
    expect(await paths(engine, 'Встреча')).toEqual(['bucket/Заметки о встрече.md']);
    expect(await paths(engine, '議事録')).toEqual(['bucket/会議.md']);
    expect(await paths(engine, 'البرتقال')).toEqual(['Journal 2024/مذكرات.md']);
    expect(await paths(engine, 'συνάντηση')).toEqual(['Journal 2024/Σημειώσεις.md']);
    const hit = (await engine.search({ query: '机器学习' })).results[0];
    expect(hit?.title).toBe('中文笔记');
    expect(hit?.snippet).toContain('我们讨论了机器学习和数据库。');
  });

  it('keeps a project scope, and wide limits answer in full', async () => {
    expect(await paths(engine, 'flux', { limit: 3, scope: 'project:alpha' })).toEqual(['projects/alpha/notes.md', 'projects/alpha/state.md']);
    expect(await paths(engine, 'flux', { limit: 1, scope: 'project:beta' })).toEqual(['projects/beta/plan.md']);
    expect((await engine.search({ query: 'flux', scope: 'folder:x' })).degraded).toMatch(/unsupported search scope/);
    const wide = await engine.search({ query: 'flux', limit: 500 });
    expect(wide.results).toHaveLength(123);
    for (const hit of wide.results) expect(hit.path).not.toMatch(/^inbox\/|^(overview|profile|tree)\.md$|(^|\/)\./);
  });

  it('shows body text in snippets, never frontmatter, and does not match the fields Knower maintains', async () => {
    const zebra = await engine.search({ query: 'zebrafish' });
    expect(zebra.results.map((h) => h.path)).toEqual(['projects/alpha/state.md']);
    expect(zebra.results[0]?.snippet).not.toMatch(/zebrafish|tags:|created:|---/);
    expect(zebra.results[0]?.snippet).toContain('The alpha project uses a flux capacitor.');
    expect(await paths(engine, 'tokens')).toEqual([]);
  });

  it('survives odd queries: unmatched quotes, exclusions only, punctuation, empty', async () => {
    const odd = await engine.search({ query: '"flux capacitor' });
    expect(odd.degraded).toBeUndefined();
    expect(odd.results.length).toBeGreaterThan(0);
    expect(await paths(engine, 'flux -capacitor', { limit: 500 })).toEqual(['projects/alpha/notes.md', 'projects/beta/plan.md']);
    expect(await engine.search({ query: '-flux' })).toEqual({ results: [], mode: 'fast' });
    expect(await engine.search({ query: '?!…' })).toEqual({ results: [], mode: 'fast' });
    expect(await engine.search({ query: '   ' })).toEqual({ results: [], mode: 'fast' });
  });

  it('sees additions, edits, renames and deletions after a sync of what changed', async () => {
    expect(await paths(engine, 'quokka')).toEqual([]);
    writeNote(sandbox, 'bucket/new animal.md', '# New animal\n\nA quokka smiled.\n');
    const added = await engine.sync(['bucket/new animal.md']);
    expect(added.upserts.map((f) => f.path)).toEqual(['bucket/new animal.md']);
    expect(await paths(engine, 'quokka')).toEqual(['bucket/new animal.md']);

    writeNote(sandbox, 'bucket/new animal.md', '# New animal\n\nA wombat smiled.\n');
    await engine.sync(['bucket/new animal.md']);
    expect(await paths(engine, 'quokka')).toEqual([]);
    expect(await paths(engine, 'wombat')).toEqual(['bucket/new animal.md']);

    renameSync(join(sandbox.vault, 'bucket/new animal.md'), join(sandbox.vault, 'bucket/renamed.md'));
    await engine.sync(['bucket/new animal.md', 'bucket/renamed.md']);
    expect(await paths(engine, 'wombat')).toEqual(['bucket/renamed.md']);

    rmSync(join(sandbox.vault, 'bucket/renamed.md'));
    expect(await engine.sync(['bucket/renamed.md'])).toMatchObject({ upserts: [], removed: ['bucket/renamed.md'] });
    expect(await paths(engine, 'wombat')).toEqual([]);
    expect(engine.status().documents).toBe(INDEXED);
  });

  it('looks at a folder moved in or removed as a whole', async () => {
    mkdirSync(join(sandbox.root, 'outside/sub'), { recursive: true });
    writeNote({ ...sandbox, vault: sandbox.root }, 'outside/sub/deep.md', '# Deep\n\nA narwhal.\n');
    writeNote({ ...sandbox, vault: sandbox.root }, 'outside/top.md', 'Another narwhal.\n');
    renameSync(join(sandbox.root, 'outside'), join(sandbox.vault, 'Moved in'));
    const moved = await engine.sync(['Moved in']);
    expect(moved.upserts.map((f) => f.path).sort()).toEqual(['Moved in/sub/deep.md', 'Moved in/top.md']);
    expect(await paths(engine, 'narwhal')).toEqual(['Moved in/sub/deep.md', 'Moved in/top.md']);

    rmSync(join(sandbox.vault, 'Moved in'), { recursive: true });
    const gone = await engine.sync(['Moved in']);
    expect(gone.removed.sort()).toEqual(['Moved in', 'Moved in/sub/deep.md', 'Moved in/top.md']);
    expect(await paths(engine, 'narwhal')).toEqual([]);
  });

  it('answers deep mode on a machine without models with fast results and the reason', async () => {
    const res = await engine.search({ query: 'alpha project', mode: 'deep' });
    expect(res.mode).toBe('fast');
    expect(res.degraded).toMatch(/^deep search unavailable: qmd's models are not downloaded .*ran fast search instead$/);
    expect(res.results.map((h) => h.path)).toContain('projects/alpha/state.md');
    expect(engine.status().embeddings.modelsPresent).toBe(false);
  });

  it('refuses embed at once when the embedding model is absent', async () => {
    const out = await engine.embed();
    expect(out.ok).toBe(false);
    expect(out.error).toMatch(/embedding model is not downloaded/);
  });
});

describe('the index across restarts', () => {
  it('keeps what it knows: a restart re-reads only the files that changed, and forgets the ones that went', async () => {
    const sandbox = await makeSandbox({ 'bucket/a.md': '# A\n\nnebula\n', 'notes/b.md': '# B\n\nnebula\n', 'notes/c.md': 'pulsar\n' });
    try {
      const first = await scannedEngine(sandbox);
      expect(await paths(first, 'nebula')).toEqual(['bucket/a.md', 'notes/b.md']);
      await first.close();

      writeNote(sandbox, 'notes/b.md', '# B\n\nquasar\n');
      rmSync(join(sandbox.vault, 'notes/c.md'));
      const again = makeEngine(sandbox);
      const batches: SyncResult[] = [];
      await again.scan((b) => batches.push(b));
      expect(batches.flatMap((b) => b.removed)).toEqual(['notes/c.md']);
      expect(await paths(again, 'nebula')).toEqual(['bucket/a.md']);
      expect(await paths(again, 'quasar')).toEqual(['notes/b.md']);
      expect(await paths(again, 'pulsar')).toEqual([]);
      expect(again.status().documents).toBe(2);
    } finally {
      await disposeSandbox(sandbox);
    }
  });

  it('says results are partial until a first pass over the vault completes, and not after a restart', async () => {
    const sandbox = await makeSandbox({ 'a.md': 'nebula\n', 'b.md': 'nebula\n' });
    try {
      const first = makeEngine(sandbox);
      expect(await first.search({ query: 'nebula' })).toEqual({ results: [], mode: 'fast', partial: true });
      expect(first.status().partial).toBe(true);
      await first.scan(() => undefined);
      expect(await paths(first, 'nebula')).toEqual(['a.md', 'b.md']);
      expect((await first.search({ query: 'nebula' })).partial).toBeUndefined();
      expect(first.status().partial).toBe(false);
      await first.close();

      // The index a completed pass left is whole: searches during the next start's pass are not partial.
      const again = makeEngine(sandbox);
      const during = await again.search({ query: 'nebula' });
      expect(during.partial).toBeUndefined();
      expect(during.results.map((h) => h.path).sort()).toEqual(['a.md', 'b.md']);
    } finally {
      await disposeSandbox(sandbox);
    }
  });

  it('starts over when the vault moves', async () => {
    const sandbox = await makeSandbox({ 'a.md': 'nebula\n' });
    try {
      const first = await scannedEngine(sandbox);
      await first.close();
      const moved = join(sandbox.root, 'elsewhere');
      mkdirSync(moved);
      writeNote({ ...sandbox, vault: moved }, 'b.md', 'nebula\n');
      const other = await scannedEngine(sandbox, { vaultRoot: moved });
      expect(await paths(other, 'nebula')).toEqual(['b.md']);
      expect(other.status().documents).toBe(1);
    } finally {
      await disposeSandbox(sandbox);
    }
  });
});
