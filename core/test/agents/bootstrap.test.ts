import { afterEach, describe, expect, it } from 'vitest';
import { boundedTreeView, buildBootstrap, estimateTokens, NOTE_BUDGET_TOKENS, TREE_BUDGET_TOKENS } from '../../src/agents/bootstrap.js';
import { VaultIndex } from '../../src/vault/index.js';
import { makeVault, type VaultFixture } from './helpers/vault-fixture.js';

let vault: VaultFixture | undefined;
afterEach(async () => {
  await vault?.cleanup();
  vault = undefined;
});

/** 10,000 notes as a real vault grows: 100 projects × ~95 notes in subfolders, plus bucket/. */
function bigIndex(): VaultIndex {
  const index = new VaultIndex();
  for (let i = 0; i < 9_500; i++) {
    const p = `projects/project-${String(i % 100).padStart(3, '0')}/meetings/2024-${String((i % 12) + 1).padStart(2, '0')}/note-${i}.md`;
    index.set({ path: p, kind: 'note', size: 2_000, tokens: 500, updated: `2025-06-01T00:00:${String(i % 60).padStart(2, '0')}Z` });
  }
  for (let i = 0; i < 500; i++) index.set({ path: `bucket/2025-01-${i}-clip.md`, kind: 'note', size: 800, tokens: 200 });
  index.set({ path: 'projects/project-007/latest.md', kind: 'note', size: 100, tokens: 25, updated: '2025-07-01T00:00:00Z' });
  return index;
}

describe('bootstrap context', () => {
  it('stays bounded for a 10,000-file vault and points the model at the tree tool', async () => {
    vault = await makeVault();
    const index = bigIndex();
    for (const e of vault.index.list()) index.set(e);
    const session = { ...vault.session(), index };
    const context = await buildBootstrap(session);
    const tokens = estimateTokens(context);
    // overview + profile (each capped) + tree view (capped) + headings.
    expect(tokens).toBeLessThanOrEqual(TREE_BUDGET_TOKENS + 2 * NOTE_BUDGET_TOKENS + 200);
    expect(tokens).toBeLessThan(2_600); // the skeleton notes are small: the tree view dominates
    expect(context).toContain('## tree.md (10005 files');
    expect(context).toContain('call tree(path, depth)');
    // Every project by name, and the notes worked on last, whatever the vault's size.
    for (let i = 0; i < 100; i++) expect(context).toContain(`project-${String(i).padStart(3, '0')} (${i === 7 ? 96 : 95})`);
    expect(context).toContain('### Recently updated\n- projects/project-007/latest.md · 25 tokens · updated 2025-07-01 00:00');
    console.info(`bootstrap for ${index.size} files: ${tokens} tokens (${context.length} chars)`);
  });

  it('cuts even the top level when thousands of files sit at the root', () => {
    const index = new VaultIndex();
    for (let i = 0; i < 10_000; i++) index.set({ path: `note-${String(i).padStart(5, '0')}.md`, kind: 'note', size: 10, tokens: 3 });
    const view = boundedTreeView(index);
    expect(estimateTokens(view)).toBeLessThanOrEqual(TREE_BUDGET_TOKENS);
    expect(view).toContain('- note-00000.md · 3 tokens');
    expect(view).toContain('- … and 9985 more files');
  });

  it('shows a small vault whole, and caps a huge profile.md', async () => {
    vault = await makeVault({ 'profile.md': `# Profile\n\n${'I like tea. '.repeat(5_000)}\n`, 'projects/a/state.md': '# A\n' });
    const session = vault.session();
    const context = await buildBootstrap(session);
    expect(context).toContain('### Projects (1, files in each)\na (1)');
    expect(context).toContain('  - state.md · 1 tokens');
    expect(context).toContain('## profile.md (first part only: read it for the rest)');
    expect(estimateTokens(context)).toBeLessThan(NOTE_BUDGET_TOKENS + 1_000);
    // overview.md was shown whole: it counts as read; the cut profile does not.
    expect(session.seen.has('overview.md')).toBe(true);
    expect(session.seen.has('profile.md')).toBe(false);
  });
});
