import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchEngine } from '../../src/search/index.js';
import { disposeSandbox, makeEngine, makeSandbox, MASK, writeNote, type Sandbox } from './qmd-fixture.js';

const fm = (extra = '') => `---\ncreated: 2024-01-01\nupdated: 2024-01-02\ntokens: 10\n${extra}---\n`;

const FILES: Record<string, string> = {
  'projects/alpha/state.md': `${fm('tags: zebrafish\n')}# Alpha state\n\nThe alpha project uses a flux capacitor.\nAnother line here.\n`,
  'projects/alpha/notes.md': `${fm()}# Alpha notes\n\nA single flux mention.\n`,
  'projects/beta/plan.md': `${fm()}# Beta plan\n\nBeta also needs flux.\n`,
  'projects/my proj/笔记 notes.md': `${fm()}# 中文笔记\n\n我们讨论了机器学习和数据库。\nПривет мир, это тест.\n`,
  'bucket/Заметки о встрече.md': `${fm()}# Заметки\n\nВстреча с командой прошла хорошо.\n`,
  'bucket/会議.md': `${fm()}# 会議\n\n会議の議事録をここに書く。\n`,
  'changelog.md': `${fm()}# Changelog\n\n- decided on the quasar design\n`,
  // Never indexed (DESIGN.md): agent context files, the inbox, dot-folders.
  'overview.md': '# Overview\n\nflux everywhere\n',
  'profile.md': '# Profile\n\nflux lover\n',
  'tree.md': '# Tree\n\nflux\n',
  'inbox/123/review.md': '# Review\n\nflux question\n',
  'projects/.hidden/secret.md': '# Secret\n\nflux secret\n',
};
// More notes that mention flux more often than the alpha notes do than qmd is first asked for
// (20 through MCP, then 100), so the alpha notes are only found by looking wider.
for (let i = 0; i < 120; i++) FILES[`bucket/flux ${i}.md`] = `${fm()}# Flux ${i}\n\nflux flux flux flux capacitor flux\n`;
const INDEXED = Object.keys(FILES).filter((p) => !/^(overview|profile|tree)\.md$|^inbox\/|\/\./.test(p)).length;

describe('search engine on a real qmd', () => {
  let sandbox: Sandbox;
  let engine: SearchEngine;
  const DEEP_MS = 15_000;

  beforeAll(async () => {
    sandbox = await makeSandbox(FILES);
    engine = makeEngine(sandbox, { timeouts: { deepMs: DEEP_MS } });
    await engine.init();
  });
  afterAll(() => disposeSandbox(sandbox));

  it('indexes the vault at init and finds notes with vault-relative paths and titles', async () => {
    const res = await engine.search({ query: 'quasar' });
    expect(res).toEqual({
      mode: 'fast',
      results: [{ path: 'changelog.md', title: 'Changelog', score: 1, snippet: '- decided on the quasar design' }],
    });
    const status = engine.status();
    expect(status.available).toBe(true);
    expect(status.documents).toBe(INDEXED);
  });

  it('sees additions, edits and deletions after an update (the MCP child is not stale)', async () => {
    expect((await engine.search({ query: 'quokka' })).results).toEqual([]);
    writeNote(sandbox, 'bucket/new animal.md', '# New animal\n\nA quokka smiled.\n');
    expect(await engine.update()).toBe(true);
    expect((await engine.search({ query: 'quokka' })).results.map((h) => h.path)).toEqual(['bucket/new animal.md']);

    writeNote(sandbox, 'bucket/new animal.md', '# New animal\n\nA wombat smiled.\n');
    expect(await engine.update()).toBe(true);
    expect((await engine.search({ query: 'quokka' })).results).toEqual([]);
    expect((await engine.search({ query: 'wombat' })).results.map((h) => h.path)).toEqual(['bucket/new animal.md']);

    rmSync(`${sandbox.vault}/bucket/new animal.md`);
    expect(await engine.update()).toBe(true);
    expect((await engine.search({ query: 'wombat' })).results).toEqual([]);
    expect(engine.status().lastUpdate).toMatchObject({ ok: true });
  });

  it('finds Chinese, Japanese and Cyrillic terms in paths with spaces and non-ASCII names', async () => {
    const paths = async (query: string) => (await engine.search({ query })).results.map((h) => h.path);
    expect(await paths('机器学习')).toEqual(['projects/my proj/笔记 notes.md']);
    expect(await paths('Привет')).toEqual(['projects/my proj/笔记 notes.md']);
    expect(await paths('Встреча')).toEqual(['bucket/Заметки о встрече.md']);
    expect(await paths('議事録')).toEqual(['bucket/会議.md']);
    const hit = (await engine.search({ query: '机器学习' })).results[0];
    expect(hit?.title).toBe('中文笔记');
    expect(hit?.snippet).toContain('我们讨论了机器学习和数据库。');
  });

  it('post-filters a project scope after over-fetching', async () => {
    const unscoped = await engine.search({ query: 'flux', limit: 3 });
    expect(unscoped.results).toHaveLength(3);
    expect(unscoped.results.some((h) => h.path.startsWith('projects/alpha/'))).toBe(false);

    const alpha = await engine.search({ query: 'flux', limit: 3, scope: 'project:alpha' });
    expect(alpha.results.map((h) => h.path).sort()).toEqual(['projects/alpha/notes.md', 'projects/alpha/state.md']);
    const beta = await engine.search({ query: 'flux', limit: 1, scope: 'project:beta' });
    expect(beta.results.map((h) => h.path)).toEqual(['projects/beta/plan.md']);
    expect((await engine.search({ query: 'flux', scope: 'folder:x' })).degraded).toMatch(/unsupported search scope/);
  });

  it('never returns unindexed files (inbox, agent context files, dot-folders)', async () => {
    const res = await engine.search({ query: 'flux', limit: 500 });
    expect(res.results.length).toBe(123);
    for (const hit of res.results) expect(hit.path).not.toMatch(/^inbox\/|^(overview|profile|tree)\.md$|\/\./);
  });

  it('cleans snippets: no frontmatter, no hunk headers, no line numbers; frontmatter-only matches get body text', async () => {
    const zebra = await engine.search({ query: 'zebrafish' });
    expect(zebra.results.map((h) => h.path)).toEqual(['projects/alpha/state.md']);
    const snippet = zebra.results[0]?.snippet ?? '';
    expect(snippet).not.toMatch(/zebrafish|tags:|created:|---/);
    expect(snippet).toContain('The alpha project uses a flux capacitor.');

    for (const hit of (await engine.search({ query: 'flux', limit: 50 })).results) {
      expect(hit.snippet).not.toMatch(/@@|^\d+: |^---$|^tokens:/m);
      expect(hit.snippet.toLowerCase()).toContain('flux');
    }
  });

  it('survives queries qmd would reject, and empty ones', async () => {
    const odd = await engine.search({ query: '"flux capacitor' });
    expect(odd.degraded).toBeUndefined();
    expect(odd.results.length).toBeGreaterThan(0);
    expect(await engine.search({ query: '   ' })).toEqual({ results: [], mode: 'fast' });
  });

  it('answers deep mode on a machine without models with fast results and the reason, at once', async () => {
    const started = Date.now();
    const res = await engine.search({ query: 'alpha project', mode: 'deep' });
    expect(Date.now() - started).toBeLessThan(DEEP_MS);
    expect(res.mode).toBe('fast');
    expect(res.degraded).toMatch(/^deep search unavailable: qmd's models are not downloaded .*ran fast search instead$/);
    expect(res.results.map((h) => h.path)).toContain('projects/alpha/state.md');
    expect(engine.status().embeddings.modelsPresent).toBe(false);
  });

  it('refuses embed at once when the embedding model is absent', async () => {
    const started = Date.now();
    const out = await engine.embed();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(out.ok).toBe(false);
    expect(out.error).toMatch(/embedding model is not downloaded/);
  });
});

describe('collection setup', () => {
  it('is idempotent and recreates the collection when the mask changes', async () => {
    const sandbox = await makeSandbox({ 'bucket/a.md': '# A\n\nnebula\n', 'projects/p/b.md': '# B\n\nnebula\n' });
    try {
      const first = makeEngine(sandbox);
      await first.init();
      await first.init();
      expect(sandbox.logs.filter((l) => l.msg === 'qmd collection ready').map((l) => l.extra?.changed)).toEqual([true]);
      await first.close();

      const again = makeEngine(sandbox);
      await again.init();
      expect(sandbox.logs.at(-1)?.extra?.changed).toBe(false);
      await again.close();

      const narrower = makeEngine(sandbox, { mask: 'bucket/**/*.md' });
      await narrower.init();
      expect(sandbox.logs.at(-1)?.extra?.changed).toBe(true);
      expect((await narrower.search({ query: 'nebula' })).results.map((h) => h.path)).toEqual(['bucket/a.md']);
      await narrower.close();

      const back = makeEngine(sandbox, { mask: MASK });
      await back.init();
      expect((await back.search({ query: 'nebula' })).results.map((h) => h.path).sort()).toEqual(['bucket/a.md', 'projects/p/b.md']);
    } finally {
      await disposeSandbox(sandbox);
    }
  });
});
