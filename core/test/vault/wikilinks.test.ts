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

  it('prefers an exact vault path, then the linking note\'s folder, then the shortest path', () => {
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
