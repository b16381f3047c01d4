import { describe, expect, it } from 'vitest';
import { parseNote, setFrontmatterFields, splitNote, tokenCount } from '../../src/vault/index.js';

describe('frontmatter', () => {
  it('splits a note at its frontmatter block', () => {
    expect(splitNote('---\na: 1\n---\n# Body\n')).toEqual({ yaml: 'a: 1', body: '# Body\n' });
    expect(splitNote('# No frontmatter\n---\n')).toEqual({ body: '# No frontmatter\n---\n' });
    expect(splitNote('---\nunterminated: true\n')).toEqual({ body: '---\nunterminated: true\n' });
    expect(splitNote('---\n---\nbody')).toEqual({ yaml: '', body: 'body' });
  });

  it('parses data, and reports malformed YAML as a value', () => {
    const ok = parseNote('---\ntitle: Hi\ntags: [a, b]\n---\nBody');
    expect(ok).toEqual({ ok: true, data: { title: 'Hi', tags: ['a', 'b'] }, body: 'Body', hasFrontmatter: true });
    const bad = parseNote('---\ntitle: [unclosed\n---\nBody text');
    expect(bad.ok).toBe(false);
    expect(bad.body).toBe('Body text');
    expect(parseNote('---\n- a list\n---\nx').ok).toBe(false);
  });

  it('counts tokens as ceil(body length / 4)', () => {
    expect(tokenCount('')).toBe(0);
    expect(tokenCount('abcd')).toBe(1);
    expect(tokenCount('abcde')).toBe(2);
  });

  it('edits only the lines of the fields it sets', () => {
    const text = '---\n# my comment\ntitle: "Quoted"\ntokens: 3\ndate: 2020-01-01\n---\nBody\n';
    const next = setFrontmatterFields(text, { tokens: 2, updated: '2026-11-22T00:00:00Z' });
    expect(next).toBe('---\n# my comment\ntitle: "Quoted"\ntokens: 2\ndate: 2020-01-01\nupdated: 2026-11-22T00:00:00Z\n---\nBody\n');
  });

  it('adds a frontmatter block to a note without one', () => {
    expect(setFrontmatterFields('# Hello\n', { tokens: 2 })).toBe('---\ntokens: 2\n---\n# Hello\n');
  });

  it('replaces a multi-line value as a whole and keeps CRLF endings', () => {
    const text = '---\r\ntokens:\r\n  - 1\r\n  - 2\r\nkeep: yes\r\n---\r\nBody';
    expect(setFrontmatterFields(text, { tokens: 1 })).toBe('---\r\ntokens: 1\r\nkeep: yes\r\n---\r\nBody');
  });
});
