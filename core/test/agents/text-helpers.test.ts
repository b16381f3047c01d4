import { describe, expect, it } from 'vitest';
import { insertAtBottom, insertAtTop } from '../../src/agents/note-text.js';
import { attachmentName } from '../../src/agents/attachments.js';
import { slugify } from '../../src/agents/slug.js';
import { answerSources } from '../../src/agents/sources.js';
import { versionKey, withoutJobFields } from '../../src/vault/index.js';
import { setFrontmatterFields } from '../../src/vault/index.js';
import { makeVault } from './helpers/vault-fixture.js';

describe('version keys', () => {
  const note = '---\ntitle: Plan\ncreated: 2025-01-01T00:00:00Z\ntokens: 3\n---\n# Plan\n\nBody.\n';

  it('ignore what the background job writes (tokens, updated, created, even a whole new block)', () => {
    expect(versionKey(setFrontmatterFields(note, { tokens: 99, updated: '2025-02-02T00:00:00Z' }))).toBe(versionKey(note));
    expect(versionKey(setFrontmatterFields('# Bare\n', { created: 'x', updated: 'y', tokens: 1 }))).toBe(versionKey('# Bare\n'));
    expect(withoutJobFields(note)).toBe('---\ntitle: Plan\n---\n# Plan\n\nBody.\n');
  });

  it('see every other change: body, other frontmatter fields, bytes of binary files', () => {
    expect(versionKey(note.replace('Body.', 'Body!'))).not.toBe(versionKey(note));
    expect(versionKey(note.replace('title: Plan', 'title: Plan B'))).not.toBe(versionKey(note));
    expect(versionKey(note.replace('tokens: 3\n', 'tokens: 3\nstatus: done\n'))).not.toBe(versionKey(note));
    expect(versionKey(Buffer.from([0, 1, 2]))).not.toBe(versionKey(Buffer.from([0, 1, 3])));
    expect(versionKey(Buffer.from(note))).toBe(versionKey(note));
  });
});

describe('note text', () => {
  it('inserts newest-first below the title and intro, above lists and sections', () => {
    expect(insertAtTop('# Tasks\n\nOrphan tasks.\n\n- [ ] a\n', '- [ ] b')).toBe('# Tasks\n\nOrphan tasks.\n\n- [ ] b\n\n- [ ] a\n');
    expect(insertAtTop('# Log\n\n## old\n', '## new')).toBe('# Log\n\n## new\n\n## old\n');
    expect(insertAtTop('', '## only')).toBe('## only\n');
    expect(insertAtTop('plain text\n', 'top')).toBe('top\n\nplain text\n');
    expect(insertAtBottom('# T\n\n- a', '- b')).toBe('# T\n\n- a\n- b\n');
    expect(insertAtBottom('# T\n', '## Section')).toBe('# T\n\n## Section\n');
  });

  it('slugs file names from any script', () => {
    expect(slugify('Café meeting: Q3 plan!')).toBe('cafe-meeting-q3-plan');
    expect(slugify('Встреча в пятницу')).toBe('встреча-в-пятницу');
    expect(slugify('!!!')).toBe('note');
  });

  it('slugs whole words with their marks, cut as the search index cuts them', () => {
    // Names are NFC: फ़ is फ + nukta there, as NFC keeps it.
    expect(slugify('फ़ाइल को सेव करना')).toBe('फ़ाइल-को-सेव-करना'.normalize('NFC'));
    expect(slugify('ফাইল সংরক্ষণ করা')).toBe('ফাইল-সংরক্ষণ-করা');
    expect(slugify('கோப்பை சேமிப்பது எப்படி?')).toBe('கோப்பை-சேமிப்பது-எப்படி');
    // Thai into its dictionary words; NFKD would take its vowels apart (ำ).
    expect(slugify('ภาษาไทยง่ายนิดเดียว')).toBe('ภาษา-ไทย-ง่าย-นิด-เดียว');
    expect(slugify('น้ำดื่ม')).toBe('น้ำ-ดื่ม');
    // CJK runs stay as written; a voiced kana and the prolonged sound mark stay whole.
    expect(slugify('データベースの設定を変更する')).toBe('データベースの設定を変更する');
    expect(slugify('项目预算：四万元')).toBe('项目预算-四万元');
    expect(slugify('회의 메모')).toBe('회의-메모');
    // Only Latin loses its accents, as names always did; other letters keep theirs.
    expect(slugify('Réunion d’équipe à Zürich, Ærø')).toBe('reunion-d-equipe-a-zurich-ærø');
    expect(slugify('Йогурт и ёлка')).toBe('йогурт-и-ёлка');
    expect(slugify('node.js v2.8.3 & C++ ＡＢＣ ﬁle ½')).toBe('node-js-v2-8-3-c-abc-file-1-2');
  });

  it('bounds a slug in characters and bytes, cut between whole letters', () => {
    const title = 'हमें अगले महीने की बैठक से पहले सभी दस्तावेज़ों को ठीक से जाँचना होगा';
    const whole = slugify(title, Number.MAX_SAFE_INTEGER);
    const cut = slugify(title);
    // Twice 50 bytes: a Devanagari name keeps about 33 characters, a Latin or Cyrillic one 50, as before.
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(100);
    expect(Buffer.byteLength(cut)).toBeGreaterThan(90);
    expect(whole.startsWith(cut)).toBe(true);
    // What follows the cut starts a letter: no vowel sign, virama or nukta was cut from its consonant.
    expect(whole.slice(cut.length)).toMatch(/^[-\p{L}]/u);
    expect(slugify('Встреча '.repeat(10))).toHaveLength(50);
    expect(slugify('a'.repeat(80))).toBe('a'.repeat(50));
  });

  it('names an attachment from its sent name, in its own script, never a Windows device name', () => {
    expect(attachmentName({ name: 'रसीद.PDF', kind: 'pdf', mediaType: 'application/pdf' })).toBe('रसीद.pdf');
    expect(attachmentName({ name: 'IMG 0042.JPG', kind: 'image', mediaType: 'image/jpeg' })).toBe('img-0042.jpg');
    expect(attachmentName({ name: 'CON.png', kind: 'image', mediaType: 'image/png' })).toBe('con-image.png');
    expect(attachmentName({ name: 'lpt1', kind: 'file', mediaType: 'application/octet-stream' })).toBe('lpt1-file');
    expect(attachmentName({ name: '???.png', kind: 'image', mediaType: 'image/png' })).toBe('image.png');
  });
});

describe('answer sources', () => {
  it('are the cited files the run looked at, without matching a root file inside a longer path', async () => {
    const vault = await makeVault();
    try {
      const session = vault.session('search');
      session.read.add('projects/a/tasks.md');
      session.read.add('bucket/unused.md');
      session.surfaced.add('tasks.md');
      const md = 'See `projects/a/tasks.md` and [the log](changelog.md). Also mentions notes/other.md.';
      expect(answerSources(session, md)).toEqual(['projects/a/tasks.md']);
      expect(answerSources(session, 'No paths here.')).toEqual(['bucket/unused.md', 'projects/a/tasks.md']);
      expect(answerSources(session, 'Root `tasks.md`.')).toEqual(['tasks.md']);
    } finally {
      await vault.cleanup();
    }
  });
});
