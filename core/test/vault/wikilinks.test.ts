import { describe, expect, it } from 'vitest';
import type { IndexEntry } from '../../src/vault/index.js';
import { buildLinkIndex, resolveWikilink, splitWikilink, wikilinkTargets } from '../../src/vault/wikilinks.js';

const entries = (paths: string[]): IndexEntry[] => paths.map((path) => ({ path, kind: path.endsWith('.md') ? 'note' : 'file', size: 1 }));

const index = buildLinkIndex(
  entries([
    'projects/garden/state.md',
    'projects/acme/state.md',
    'state.md',
    'projects/garden/tasks.md',
    'Notes/Deep/Plan v1.2.md',
    'bucket/photos/bed 4.png',
    'projects/garden/bed 4.png',
    'archive/2023/tasks.md',
    'tree.md',
  ]),
);

describe('Obsidian wikilink resolution', () => {
  it('splits target, heading and alias like Obsidian', () => {
    expect(splitWikilink('Note#Part two|shown')).toEqual({ target: 'Note', heading: 'Part two', alias: 'shown' });
    expect(splitWikilink('#Local heading')).toEqual({ target: '', heading: 'Local heading' });
    expect(splitWikilink(' Plain ')).toEqual({ target: 'Plain' });
  });

  it('lists each target once, embeds included, headings and aliases stripped', () => {
    expect(wikilinkTargets('See [[state]] and [[state#Soil|soil]], ![[bed 4.png|300]] and [[#Top]].')).toEqual(['state', 'bed 4.png']);
  });

  it("prefers an exact vault path, then the linking note's folder, then the shortest path", () => {
    expect(resolveWikilink(index, 'state', 'projects/garden/tasks.md')).toBe('projects/garden/state.md');
    expect(resolveWikilink(index, 'state', 'bucket/x.md')).toBe('state.md');
    expect(resolveWikilink(index, 'tasks', 'bucket/x.md')).toBe('archive/2023/tasks.md');
    expect(resolveWikilink(index, 'tasks', 'projects/garden/state.md')).toBe('projects/garden/tasks.md');
    expect(resolveWikilink(index, 'projects/acme/state', 'bucket/x.md')).toBe('projects/acme/state.md');
  });

  it('matches a path suffix, case-insensitively, with or without .md', () => {
    expect(resolveWikilink(index, 'acme/state', 'x.md')).toBe('projects/acme/state.md');
    expect(resolveWikilink(index, 'ACME/State.md', 'x.md')).toBe('projects/acme/state.md');
    expect(resolveWikilink(index, 'plan v1.2', 'x.md')).toBe('Notes/Deep/Plan v1.2.md');
    expect(resolveWikilink(index, '2023/tasks', 'x.md')).toBe('archive/2023/tasks.md');
  });

  it('resolves attachments by their full name and relative paths from the note', () => {
    expect(resolveWikilink(index, 'bed 4.png', 'projects/garden/state.md')).toBe('projects/garden/bed 4.png');
    expect(resolveWikilink(index, 'bed 4.png', 'bucket/photos/x.md')).toBe('bucket/photos/bed 4.png');
    expect(resolveWikilink(index, '../acme/state', 'projects/garden/state.md')).toBe('projects/acme/state.md');
    expect(resolveWikilink(index, '../../../x', 'projects/garden/state.md')).toBeNull();
  });

  it('leaves unknown names unresolved and never resolves to tree.md', () => {
    expect(resolveWikilink(index, 'Nowhere', 'x.md')).toBeNull();
    expect(resolveWikilink(index, 'tree', 'x.md')).toBeNull();
    expect(resolveWikilink(index, 'garden/bed 5.png', 'x.md')).toBeNull();
  });
});

describe('repeated names resolve to the note nearest the link, as Obsidian does', () => {
  // Knower's own layout repeats tasks.md, state.md and changelog.md in every project and at the
  // root; a translated Obsidian vault repeats every name once per language, attachments included.
  const vault = buildLinkIndex(
    entries([
      'tasks.md',
      'changelog.md',
      'projects/alpha/tasks.md',
      'projects/alpha/changelog.md',
      'projects/alpha/meetings/2025-03-14.md',
      'projects/beta/tasks.md',
      'projects/beta/notes/deep/idea.md',
      'en/Getting started.md',
      'en/guide/Install.md',
      'en/attachments/diagram.png',
      'ko/Getting started.md',
      'ko/guide/Install.md',
      'ko/attachments/diagram.png',
      'pl/Getting started.md',
      'pl/attachments/diagram.png',
      'ja/ガイド/はじめに.md',
      'ja/Getting started.md',
      'zh-TW/ガイド/はじめに.md',
      'zh-TW/Getting started.md',
    ]),
  );

  it("takes a project's own file for a name every project repeats, from anywhere inside it", () => {
    expect(resolveWikilink(vault, 'tasks', 'projects/alpha/changelog.md')).toBe('projects/alpha/tasks.md');
    expect(resolveWikilink(vault, 'tasks', 'projects/alpha/meetings/2025-03-14.md')).toBe('projects/alpha/tasks.md');
    expect(resolveWikilink(vault, 'tasks', 'projects/beta/notes/deep/idea.md')).toBe('projects/beta/tasks.md');
    expect(resolveWikilink(vault, 'changelog', 'projects/alpha/meetings/2025-03-14.md')).toBe('projects/alpha/changelog.md');
    // From outside every project: the vault's own, the shortest path.
    expect(resolveWikilink(vault, 'tasks', 'overview.md')).toBe('tasks.md');
    expect(resolveWikilink(vault, 'tasks', 'bucket/x.md')).toBe('tasks.md');
    // A path written out still wins over nearness.
    expect(resolveWikilink(vault, 'projects/beta/tasks', 'projects/alpha/changelog.md')).toBe('projects/beta/tasks.md');
    expect(resolveWikilink(vault, 'beta/tasks', 'projects/alpha/changelog.md')).toBe('projects/beta/tasks.md');
  });

  it('keeps each language on its own notes and attachments', () => {
    expect(resolveWikilink(vault, 'Getting started', 'en/guide/Install.md')).toBe('en/Getting started.md');
    expect(resolveWikilink(vault, 'Getting started', 'ko/guide/Install.md')).toBe('ko/Getting started.md');
    expect(resolveWikilink(vault, 'Install', 'en/Getting started.md')).toBe('en/guide/Install.md');
    expect(resolveWikilink(vault, 'Install', 'ko/Getting started.md')).toBe('ko/guide/Install.md');
    expect(resolveWikilink(vault, 'はじめに', 'ja/Getting started.md')).toBe('ja/ガイド/はじめに.md');
    expect(resolveWikilink(vault, 'はじめに', 'zh-TW/Getting started.md')).toBe('zh-TW/ガイド/はじめに.md');
    expect(resolveWikilink(vault, 'diagram.png', 'en/guide/Install.md')).toBe('en/attachments/diagram.png');
    expect(resolveWikilink(vault, 'diagram.png', 'pl/Getting started.md')).toBe('pl/attachments/diagram.png');
    expect(resolveWikilink(vault, 'diagram.png', 'ko/guide/Install.md')).toBe('ko/attachments/diagram.png');
  });

  it("reads a table's escaped bar as the alias separator", () => {
    expect(splitWikilink('Install\\|the install guide')).toEqual({ target: 'Install', alias: 'the install guide' });
    expect(splitWikilink('Install#Linux\\|on Linux')).toEqual({ target: 'Install', heading: 'Linux', alias: 'on Linux' });
    const table = '| Step | Where |\n| --- | --- |\n| 1 | [[Install\\|the guide]] |\n| 2 | ![[diagram.png\\|300]] |\n';
    expect(wikilinkTargets(table)).toEqual(['Install', 'diagram.png']);
  });
});
