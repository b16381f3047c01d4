import { describe, expect, it } from 'vitest';
import { readNote } from '../../src/search/worker/note-facts.js';
import { planMetadata } from '../../src/jobs/plan-metadata.js';
import { parseNote, readNoteText, setFrontmatterFields, versionKey, withoutJobFields } from '../../src/vault/index.js';

const BOM = '\uFEFF';
const info = { size: 1, mtimeMs: 1, birthtimeMs: 1 };

describe('the one note reader', () => {
  it('reads past a byte-order mark: the same frontmatter, body, tokens and hash as without it', () => {
    for (const text of ['---\ntitle: A\ntokens: 3\n---\n# Body\n', '# Body without frontmatter\n']) {
      const plain = readNoteText(text);
      const marked = readNoteText(`${BOM}${text}`);
      expect(marked).toEqual({ ...plain, bom: true });
      expect(versionKey(`${BOM}${text}`)).toBe(versionKey(text));
    }
  });

  it('gives the scanner and the job the same tokens and body hash', () => {
    const text = `${BOM}---\r\ncreated: 2024-01-01\r\n---\r\n# Note\r\n\r\nSome text.\r\n`;
    const scanned = readNote('bucket/x.md', text, info).facts;
    const parsed = parseNote(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const plan = planMetadata(parsed.data, parsed.body, undefined, new Date(0), new Date(0));
    expect(plan.tokens).toBe(scanned.tokens);
    expect(plan.bodyHash).toBe(scanned.bodyHash);
  });

  it('adds one frontmatter block after the mark, in the note\'s own line endings', () => {
    expect(setFrontmatterFields(`${BOM}# Hi\n`, { tokens: 2 })).toBe(`${BOM}---\ntokens: 2\n---\n# Hi\n`);
    expect(setFrontmatterFields(`${BOM}---\na: 1\n---\n# Hi\n`, { tokens: 2 })).toBe(`${BOM}---\na: 1\ntokens: 2\n---\n# Hi\n`);
    expect(setFrontmatterFields('# Hi\r\n', { tokens: 2 })).toBe('---\r\ntokens: 2\r\n---\r\n# Hi\r\n');
  });

  it('leaves the job\'s fields out of what the person wrote, continuation lines included', () => {
    expect(withoutJobFields('---\ntokens:\n  - 1\ntitle: T\nupdated: x\n---\nBody')).toBe('---\ntitle: T\n---\nBody');
    expect(withoutJobFields('---\ntokens: 1\n---\nBody')).toBe('Body');
    expect(readNoteText('---\ntitle: "Quoted"\ntokens: 4\n---\nB').jobFields).toEqual({ tokens: '4' });
  });
});

describe('frontmatter within bounds', () => {
  /** Nine levels of nine aliases each: 700 bytes that expand to 387 million strings. */
  function aliasBomb(): string {
    const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    let previous = 'a';
    for (const name of 'bcdefghi') {
      lines.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(',')}]`);
      previous = name;
    }
    return `---\n${lines.join('\n')}\n---\n# Bomb\n`;
  }

  it('treats an alias bomb as malformed instead of expanding it', () => {
    const parsed = parseNote(aliasBomb());
    expect(parsed).toMatchObject({ ok: false, error: expect.stringContaining('YAML aliases'), body: '# Bomb\n' });
  });

  it('treats a value inside itself, and an oversized block, as malformed', () => {
    expect(parseNote('---\na: &x [1, *x]\n---\nBody')).toMatchObject({ ok: false, error: expect.stringContaining('inside itself') });
    expect(parseNote(`---\nbig: "${'x'.repeat(70_000)}"\n---\nBody`)).toMatchObject({ ok: false, error: expect.stringContaining('KB') });
    expect(parseNote('---\nshared: &s {a: 1}\nagain: *s\n---\nBody')).toMatchObject({ ok: true, data: { shared: { a: 1 }, again: { a: 1 } } });
  });
});
