import { describe, expect, it } from 'vitest';
import { folderView, listTree, renderTreeBody, VaultIndex } from '../../src/vault/index.js';

const note = (path: string, tokens: number, updated?: string) => ({ path, kind: 'note' as const, size: tokens * 4, tokens, ...(updated && { updated }) });

describe('the vault index', () => {
  it('keeps folder totals and the note count as entries come, change and go', () => {
    const index = new VaultIndex();
    index.set(note('projects/acme/state.md', 10));
    index.set(note('projects/acme/notes/a.md', 5));
    index.set({ path: 'projects/acme/logo.png', kind: 'file', size: 100 });
    index.set(note('tree.md', 99));
    expect(index.folder('projects')).toMatchObject({ fileCount: 3, tokens: 15 });
    expect(index.totals()).toEqual({ files: 3, notes: 2, tokens: 15 });

    index.set(note('projects/acme/state.md', 20));
    expect(index.folder('projects/acme')).toMatchObject({ fileCount: 3, tokens: 25 });

    expect(index.delete('projects/acme/notes')).toBe(true);
    expect(index.folder('projects/acme/notes')).toBeUndefined();
    expect(index.folder('')).toMatchObject({ fileCount: 2, tokens: 20 });
    expect(index.delete('projects')).toBe(true);
    expect(index.folder('projects')).toBeUndefined();
    expect(index.totals()).toEqual({ files: 0, notes: 0, tokens: 0 });
    expect(index.delete('projects')).toBe(false);
  });

  it('knows the most recently updated notes, also after the newest ones go', () => {
    const index = new VaultIndex();
    for (let i = 0; i < 200; i++) index.set(note(`n/${i}.md`, 1, `2025-01-01T00:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}Z`));
    expect(index.recent(3).map((e) => e.path)).toEqual(['n/199.md', 'n/198.md', 'n/197.md']);
    for (let i = 199; i >= 150; i--) index.delete(`n/${i}.md`);
    expect(index.recent(2).map((e) => e.path)).toEqual(['n/149.md', 'n/148.md']);
    index.set(note('n/5.md', 1, '2026-01-01T00:00:00Z'));
    expect(index.recent(1).map((e) => e.path)).toEqual(['n/5.md']);
  });
});

describe('listings', () => {
  function vault(): VaultIndex {
    const index = new VaultIndex();
    index.set(note('overview.md', 3, '2025-01-01T00:00:00Z'));
    for (let i = 0; i < 40; i++) index.set(note(`projects/p${i}/state.md`, 2, '2025-01-02T00:00:00Z'));
    for (let i = 0; i < 3000; i++) index.set(note(`Daily/2024/day ${String(i).padStart(4, '0')}.md`, 1));
    index.set(note('Daily/latest.md', 7, '2025-03-01T12:30:00Z'));
    return index;
  }

  it('tree.md stays within its budget whatever the vault holds, and keeps recent notes and every project', () => {
    const body = renderTreeBody(vault(), 8_000);
    expect(body.length).toBeLessThan(8_600);
    expect(body).toContain('3042 files · 3042 notes');
    expect(body).toContain('### Recently updated\n- Daily/latest.md · 7 tokens · updated 2025-03-01 12:30');
    for (let i = 0; i < 40; i++) expect(body).toContain(`p${i} (1)`);
    expect(body).toMatch(/- 2024\/ · 3000 files · 3000 tokens/);
  });

  it('lists one folder, cut with a hint, and tells a file from a missing folder', () => {
    const index = vault();
    const listing = listTree(index, 'Daily', 2, 2_000);
    expect(listing.ok && listing.text.startsWith('Daily/\n- 2024/ · 3000 files')).toBe(true);
    expect(listing.ok && listing.text.endsWith('… listing cut here: call tree on a subfolder or with a smaller depth.')).toBe(true);
    expect(listTree(index, 'overview.md', 1, 1_000)).toEqual({ ok: false, reason: 'file' });
    expect(listTree(index, 'nowhere', 1, 1_000)).toEqual({ ok: false, reason: 'empty' });
    // A run's own changes the index has not caught up with yet are shown as they are on disk.
    const own = listTree(index, 'projects/p1', 1, 1_000, { extra: [note('projects/p1/new.md', 4)], hidden: new Set(['projects/p1/state.md']) });
    expect(own).toEqual({ ok: true, text: 'projects/p1/\n- new.md · 4 tokens' });
    expect(folderView(index.folder('projects')!).files(5)).toEqual([]);
  });

  it("lists a folder's first files by name, without tree.md, however they came in", () => {
    const index = new VaultIndex();
    for (const name of ['m.md', 'b.md', 'tree.md', 'z.md', 'a b.md', 'B.md', 'c.md']) index.set(note(name, 1));
    const root = folderView(index.folder('')!);
    expect(root.files(3).map((e) => e.path)).toEqual(['B.md', 'a b.md', 'b.md']);
    expect(root.files().map((e) => e.path)).toEqual(['B.md', 'a b.md', 'b.md', 'c.md', 'm.md', 'z.md']);
    index.delete('a b.md');
    expect(root.files(2).map((e) => e.path)).toEqual(['B.md', 'b.md']);
  });
});
