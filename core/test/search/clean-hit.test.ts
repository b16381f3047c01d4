import { describe, expect, it } from 'vitest';
import {
  cleanSnippet,
  frontmatterEndLine,
  hitTitle,
  MAX_SNIPPET_CHARS,
  parseQmdSnippet,
  vaultRelativePath,
} from '../../src/search/clean-hit.js';
import { normalizeLexQuery, parseScope, queryTerms } from '../../src/search/search-query.js';
import { parseCliHits, parseCollectionShow, parseIndexSummary } from '../../src/search/qmd-output.js';

const NOTE = [
  '---', // 1
  'created: 2024-01-01', // 2
  'tokens: 12', // 3
  'tags: zebrafish', // 4
  '---', // 5
  '# Alpha state', // 6
  '', // 7
  'The alpha project uses a flux capacitor.', // 8
  'Another line here.', // 9
].join('\n');

describe('vaultRelativePath', () => {
  it('strips the CLI qmd:// form and the MCP collection prefix, keeping spaces and non-ASCII', () => {
    expect(vaultRelativePath('qmd://vault/projects/my proj/笔记 notes.md', 'vault')).toBe('projects/my proj/笔记 notes.md');
    expect(vaultRelativePath('vault/bucket/Заметка.md', 'vault')).toBe('bucket/Заметка.md');
  });

  it('refuses other collections and traversal', () => {
    expect(vaultRelativePath('other/a.md', 'vault')).toBeNull();
    expect(vaultRelativePath('vault/../etc/passwd', 'vault')).toBeNull();
    expect(vaultRelativePath('vaultx/a.md', 'vault')).toBeNull();
  });
});

describe('hitTitle', () => {
  it("keeps qmd's title and falls back to the file name", () => {
    expect(hitTitle('Alpha state', 'projects/alpha/state.md')).toBe('Alpha state');
    expect(hitTitle('  ', 'bucket/some note.md')).toBe('some note');
    expect(hitTitle(undefined, 'bucket/x.MD')).toBe('x');
  });
});

describe('snippets', () => {
  it('reads the MCP form: line-number prefixes and the diff-hunk header', () => {
    const raw = '9: @@ -8,2 @@ (7 before, 0 after)\n10: The alpha project uses a flux capacitor.\n11: Another line here.';
    expect(parseQmdSnippet(raw, true)).toEqual({
      startLine: 8,
      lines: ['The alpha project uses a flux capacitor.', 'Another line here.'],
    });
  });

  it('finds where frontmatter ends', () => {
    expect(frontmatterEndLine(NOTE)).toBe(5);
    expect(frontmatterEndLine('# no frontmatter\n---\n')).toBe(0);
  });

  it('removes the header and keeps a body match as qmd chose it', () => {
    const raw = '@@ -7,3 @@ (6 before, 0 after)\n\nThe alpha project uses a flux capacitor.\nAnother line here.';
    expect(cleanSnippet({ raw, numbered: false, query: 'flux', fileText: NOTE })).toBe(
      'The alpha project uses a flux capacitor.\nAnother line here.',
    );
  });

  it('gives a frontmatter-only match a body-text snippet', () => {
    const raw = '@@ -3,4 @@ (2 before, 5 after)\ntokens: 12\ntags: zebrafish\n---\n# Alpha state';
    const snippet = cleanSnippet({ raw, numbered: false, query: 'zebrafish', fileText: NOTE });
    expect(snippet).not.toMatch(/zebrafish|tokens:|---|@@/);
    expect(snippet).toContain('The alpha project uses a flux capacitor.');
  });

  it('drops frontmatter-looking lines when the note cannot be read', () => {
    const raw = '@@ -3,4 @@ (2 before, 5 after)\ntokens: 12\ntags: zebrafish\n---\n# Alpha state';
    expect(cleanSnippet({ raw, numbered: false, query: 'zebrafish' })).toBe('# Alpha state');
    const opening = '@@ -1,3 @@ (0 before, 6 after)\n---\ncreated: 2024-01-01\ntokens: 12';
    expect(cleanSnippet({ raw: opening, numbered: false, query: 'created' })).toBe('');
    const prose = '@@ -10,3 @@ (9 before, 0 after)\nThe plan, in short:\n---\nflux first';
    expect(cleanSnippet({ raw: prose, numbered: false, query: 'flux' })).toBe('The plan, in short:\n---\nflux first');
  });

  it('trims long snippets at a word boundary', () => {
    const long = `@@ -1,1 @@ (0 before, 0 after)\n${'word '.repeat(200)}`;
    const snippet = cleanSnippet({ raw: long, numbered: false, query: 'word' });
    expect(snippet.length).toBeLessThanOrEqual(MAX_SNIPPET_CHARS);
    expect(snippet.endsWith('word…')).toBe(true);
  });
});

describe('query text', () => {
  it('drops quotes when one is unmatched (qmd rejects those queries)', () => {
    expect(normalizeLexQuery('"flux capacitor')).toBe('flux capacitor');
    expect(normalizeLexQuery('"flux capacitor" delta')).toBe('"flux capacitor" delta');
  });

  it('takes snippet terms from words and phrases, not from negations', () => {
    expect(queryTerms('Flux "big Cloud" -rain 机器学习')).toEqual(['flux', 'big', 'cloud', '机器学习']);
  });

  it('parses project scopes and rejects other ones', () => {
    expect(parseScope('project:alpha')).toEqual({ ok: true, prefix: 'projects/alpha/' });
    expect(parseScope(undefined)).toEqual({ ok: true, prefix: null });
    expect(parseScope('folder:x').ok).toBe(false);
  });
});

describe('qmd output readers', () => {
  it('reads the index summary of `qmd update`', () => {
    const out = 'Indexed: 3 new, 1 updated, 7 unchanged, 2 removed\n\nRun \'qmd embed\' to update embeddings (4 unique hashes need vectors)';
    expect(parseIndexSummary(out)).toEqual({ documents: 11, needsEmbedding: true });
    expect(parseIndexSummary('Indexed: 0 new, 0 updated, 5 unchanged, 0 removed')).toEqual({ documents: 5, needsEmbedding: false });
  });

  it('reads `collection show` and CLI JSON', () => {
    expect(parseCollectionShow('Collection: vault\n  Path:     /v a\n  Pattern:  {a.md,b/**/*.md}\n')).toEqual({
      path: '/v a',
      pattern: '{a.md,b/**/*.md}',
    });
    expect(parseCliHits('Warning: x\n[\n  {"file": "qmd://vault/a.md", "score": 0.5, "title": "A"}\n]\n')).toEqual([
      { file: 'qmd://vault/a.md', score: 0.5, title: 'A' },
    ]);
    expect(parseCliHits('not json')).toBeNull();
  });
});
