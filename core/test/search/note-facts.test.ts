import { describe, expect, it } from 'vitest';
import { readNote as readNoteBytes } from '../../src/search/worker/note-facts.js';
import { snippetFor, MAX_SNIPPET_CHARS } from '../../src/search/worker/snippet.js';

const info = { size: 10, mtimeMs: 2_000, birthtimeMs: 1_000 };
const readNote = (rel: string, text: string, at: typeof info) => readNoteBytes(rel, Buffer.from(text), at);

describe('what the index worker reads from a note', () => {
  it('takes tokens from the body, the fields Knower uses from the frontmatter, and leaves its own fields out of search', () => {
    const text = '---\ncreated: 2024-01-01\ntokens: 3\nupdated: "2024-02-02T10:00:00Z"\ntags: [garden]\n---\n# Seeds\n\nTomatillo seeds.\n';
    const { facts, title, indexText } = readNote('bucket/seeds.md', text, info);
    expect(facts).toMatchObject({ path: 'bucket/seeds.md', kind: 'note', size: 10, mtimeMs: 2_000, birthtimeMs: 1_000, tokens: Math.ceil('# Seeds\n\nTomatillo seeds.\n'.length / 4) });
    expect(facts.frontmatter).toEqual({ created: '2024-01-01', updated: '2024-02-02T10:00:00Z', tokens: '3' });
    expect(facts.bodyHash).toMatch(/^[0-9a-f]{40}$/);
    expect(title).toBe('Seeds');
    expect(indexText).toBe('---\ntags: [garden]\n---\n# Seeds\n\nTomatillo seeds.\n');
  });

  it('titles a note by its frontmatter title, then its first heading, then its file name', () => {
    expect(readNote('a/x.md', '---\ntitle: "Shopping"\n---\n# Other\n', info).title).toBe('Shopping');
    expect(readNote('a/x.md', 'Intro\n\n## Second level\n', info).title).toBe('Second level');
    expect(readNote('a/Reading list.md', 'No heading.\n', info).title).toBe('Reading list');
    expect(readNote('a/x.md', 'plain', info).facts.frontmatter).toBeUndefined();
  });

  it('changes the body hash only when the body changes', () => {
    const a = readNote('x.md', '---\ntokens: 1\n---\nSame body\n', info).facts.bodyHash;
    const b = readNote('x.md', '---\ntokens: 9\ntags: [x]\n---\nSame body\n', info).facts.bodyHash;
    const c = readNote('x.md', '---\ntokens: 1\n---\nOther body\n', info).facts.bodyHash;
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });
});

describe('snippets', () => {
  const note = '---\ntags: zebrafish\n---\n# Alpha state\n\nThe alpha project uses a flux capacitor.\nAnother line here.\n';

  it('shows the body lines around the first match, never the frontmatter', () => {
    expect(snippetFor(note, ['flux'])).toBe('The alpha project uses a flux capacitor.\nAnother line here.');
    expect(snippetFor(note, ['zebrafish'])).toBe('# Alpha state\nThe alpha project uses a flux capacitor.\nAnother line here.');
  });

  it('stays short', () => {
    const long = `${'word '.repeat(200)}\n`;
    const snippet = snippetFor(long, ['word']);
    expect(snippet.length).toBeLessThanOrEqual(MAX_SNIPPET_CHARS);
    expect(snippet.endsWith('…')).toBe(true);
  });
});
