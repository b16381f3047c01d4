import { afterEach, describe, expect, it } from 'vitest';
import { boundedTreeView, buildBootstrap, estimateTokens, NOTE_BUDGET_TOKENS, TREE_BUDGET_TOKENS } from '../../src/agents/bootstrap.js';
import { VaultIndex, type IndexEntry } from '../../src/vault/index.js';
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
    index.set({ path: p, kind: 'note', size: 2_000, tokens: 500, updated: '2025-01-01T00:00:00Z' });
  }
  for (let i = 0; i < 500; i++) index.set({ path: `bucket/2025-01-${i}-clip.md`, kind: 'note', size: 800, tokens: 200 });
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
    expect(context).toContain('## tree.md (10004 files');
    expect(context).toContain('call tree(path, depth)');
    expect(context).toMatch(/project-042\/ · 95 files/);
    console.info(`bootstrap for ${index.size} files: ${tokens} tokens (${context.length} chars)`);
  });

  it('cuts even the top level when thousands of files sit at the root', () => {
    const entries: IndexEntry[] = Array.from({ length: 10_000 }, (_, i) => ({ path: `note-${i}.md`, kind: 'note' as const, size: 10, tokens: 3 }));
    const view = boundedTreeView(entries);
    expect(estimateTokens(view)).toBeLessThanOrEqual(TREE_BUDGET_TOKENS + 60);
    expect(view).toMatch(/\d+ more entries not shown/);
  });

  it('shows a small vault whole, and caps a huge profile.md', async () => {
    vault = await makeVault({ 'profile.md': `# Profile\n\n${'I like tea. '.repeat(5_000)}\n`, 'projects/a/state.md': '# A\n' });
    const session = vault.session();
    const context = await buildBootstrap(session);
    expect(context).toContain('- a/ · 1 files');
    expect(context).toContain('## profile.md (first part only: read it for the rest)');
    expect(estimateTokens(context)).toBeLessThan(NOTE_BUDGET_TOKENS + 1_000);
    // overview.md was shown whole: it counts as read; the cut profile does not.
    expect(session.seen.has('overview.md')).toBe(true);
    expect(session.seen.has('profile.md')).toBe(false);
  });
});
