import { describe, expect, it } from 'vitest';
import { readNote } from '../../src/search/worker/note-facts.js';
import { planMetadata } from '../../src/jobs/plan-metadata.js';
import { randomBytes } from 'node:crypto';
import { decodeNote, parseNote, readNoteText, setFrontmatterFields, versionKey, withoutJobFields } from '../../src/vault/index.js';

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
    const scanned = readNote('bucket/x.md', Buffer.from(text), info).facts;
    const parsed = parseNote(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const plan = planMetadata(parsed.data, parsed.body, undefined, new Date(0), new Date(0));
    expect(plan.tokens).toBe(scanned.tokens);
    expect(plan.bodyHash).toBe(scanned.bodyHash);
  });

  it("adds one frontmatter block after the mark, in the note's own line endings", () => {
    expect(setFrontmatterFields(`${BOM}# Hi\n`, { tokens: 2 })).toBe(`${BOM}---\ntokens: 2\n---\n# Hi\n`);
    expect(setFrontmatterFields(`${BOM}---\na: 1\n---\n# Hi\n`, { tokens: 2 })).toBe(`${BOM}---\na: 1\ntokens: 2\n---\n# Hi\n`);
    expect(setFrontmatterFields('# Hi\r\n', { tokens: 2 })).toBe('---\r\ntokens: 2\r\n---\r\n# Hi\r\n');
  });

  it("leaves the job's fields out of what the person wrote, continuation lines included", () => {
    expect(withoutJobFields('---\ntokens:\n  - 1\ntitle: T\nupdated: x\n---\nBody')).toBe('---\ntitle: T\n---\nBody');
    expect(withoutJobFields('---\ntokens: 1\n---\nBody')).toBe('Body');
    expect(readNoteText('---\ntitle: "Quoted"\ntokens: 4\n---\nB').jobFields).toEqual({ tokens: '4' });
  });
});

describe('which bytes are text, in which encoding, and which may be rewritten', () => {
  const words = '# Café\n\n“Très” bon – 5 €.\n';

  it('rewrites only UTF-8; reads UTF-16 with a byte-order mark and Windows-1252 without losing a character', () => {
    expect(decodeNote(Buffer.from(words))).toEqual({ encoding: 'utf-8', text: words, rewritable: true });
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(words, 'utf16le')]);
    expect(decodeNote(le)).toEqual({ encoding: 'utf-16le', text: words, rewritable: false });
    const be = Buffer.from(le).swap16();
    expect(decodeNote(be)).toEqual({ encoding: 'utf-16be', text: words, rewritable: false });
    // Windows-1252: é is 0xE9, the curly quotes 0x93/0x94, the dash 0x96, the euro sign 0x80.
    const cp1252 = Buffer.from([...Buffer.from('# Caf'), 0xe9, 0x0a, 0x0a, 0x93, ...Buffer.from('Tr'), 0xe8, 0x73, 0x94, ...Buffer.from(' bon '), 0x96, ...Buffer.from(' 5 '), 0x80, 0x2e, 0x0a]);
    expect(decodeNote(cp1252)).toEqual({ encoding: 'windows-1252', text: words, rewritable: false });
    expect(decodeNote(Buffer.from('Caf\xe9 au lait\r\n', 'latin1'))).toMatchObject({ encoding: 'windows-1252', text: 'Café au lait\r\n' });
  });

  it('calls random bytes, NUL bytes and control characters binary, and a broken UTF-16 too', () => {
    expect(decodeNote(randomBytes(64 * 1024))).toEqual({ encoding: 'binary', rewritable: false });
    expect(decodeNote(Buffer.from('valid UTF-8\0with a NUL'))).toEqual({ encoding: 'binary', rewritable: false });
    expect(decodeNote(Buffer.from([0x41, 0xe9, 0x01, 0x42]))).toEqual({ encoding: 'binary', rewritable: false });
    // A lone surrogate after the mark is no UTF-16.
    expect(decodeNote(Buffer.from([0xff, 0xfe, 0x00, 0xd8, 0x41, 0x00]))).toEqual({ encoding: 'binary', rewritable: false });
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
