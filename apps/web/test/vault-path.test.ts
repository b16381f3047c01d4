import { describe, expect, it } from 'vitest';
import { basename, classifyLink, dirname, isImagePath, isMarkdownPath, resolveVaultPath, slugify } from '../src/lib/vault-path';

describe('resolveVaultPath', () => {
  const from = 'projects/berlin/state.md';

  it('resolves relative to the note folder', () => {
    expect(resolveVaultPath(from, 'tasks.md')).toBe('projects/berlin/tasks.md');
    expect(resolveVaultPath(from, './img/map.png')).toBe('projects/berlin/img/map.png');
    expect(resolveVaultPath(from, '../alpha/description.md')).toBe('projects/alpha/description.md');
  });

  it('treats a leading slash as the vault root', () => {
    expect(resolveVaultPath(from, '/bucket/photo.png')).toBe('bucket/photo.png');
  });

  it('decodes percent-escapes and drops query and fragment', () => {
    expect(resolveVaultPath(from, 'my%20notes.md#section')).toBe('projects/berlin/my notes.md');
    expect(resolveVaultPath('overview.md', 'changelog.md?x=1')).toBe('changelog.md');
  });

  it('refuses to climb out of the vault and ignores external references', () => {
    expect(resolveVaultPath(from, '../../../etc/passwd')).toBeNull();
    expect(resolveVaultPath(from, 'https://example.com/a.png')).toBeNull();
    expect(resolveVaultPath(from, '//cdn.example.com/a.png')).toBeNull();
  });
});

describe('classifyLink', () => {
  it('tells external links, anchors and vault paths apart', () => {
    expect(classifyLink('a.md', 'https://x.org')).toEqual({ kind: 'external', href: 'https://x.org' });
    expect(classifyLink('a.md', 'mailto:me@x.org')).toEqual({ kind: 'external', href: 'mailto:me@x.org' });
    expect(classifyLink('a.md', '#next-steps')).toEqual({ kind: 'anchor', id: 'next-steps' });
    expect(classifyLink('projects/p/a.md', 'b.md')).toEqual({ kind: 'vault', path: 'projects/p/b.md' });
    expect(classifyLink('a.md', '../../x.md')).toMatchObject({ kind: 'invalid' });
  });

  it('makes a malformed escape a dead link instead of throwing', () => {
    expect(classifyLink('a.md', '#%E0%A4%A')).toMatchObject({ kind: 'invalid', reason: expect.stringMatching(/malformed/) });
    expect(classifyLink('a.md', '#%E0%A4%A4')).toEqual({ kind: 'anchor', id: 'त' });
    expect(resolveVaultPath('a.md', 'b%E0%A4%A.md')).toBe('b%E0%A4%A.md');
  });

  it('makes a link with no address (an unsafe one the sanitizer removed) a dead link', () => {
    expect(classifyLink('projects/p/a.md', '')).toMatchObject({ kind: 'invalid', reason: expect.stringMatching(/no address/) });
    expect(classifyLink('projects/p/a.md', '  ')).toMatchObject({ kind: 'invalid' });
  });

  it('takes extension-less targets as notes', () => {
    expect(classifyLink('projects/p/a.md', 'state')).toEqual({ kind: 'vault', path: 'projects/p/state.md' });
  });
});

describe('path helpers', () => {
  it('split names and folders', () => {
    expect(basename('a/b/c.md')).toBe('c.md');
    expect(dirname('a/b/c.md')).toBe('a/b');
    expect(dirname('c.md')).toBe('');
  });

  it('recognise notes and images by extension, case-insensitively', () => {
    expect(isMarkdownPath('A/B.MD')).toBe(true);
    expect(isMarkdownPath('a/b.png')).toBe(false);
    expect(isImagePath('shot.JPEG')).toBe(true);
    expect(isImagePath('.png')).toBe(false);
  });

  it('slugifies headings like GitHub, keeping non-Latin letters', () => {
    expect(slugify('Next steps: Q3!')).toBe('next-steps-q3');
    expect(slugify('Заметки о поездке')).toBe('заметки-о-поездке');
  });
});
