import { describe, expect, it } from 'vitest';
import { insertAtBottom, insertAtTop } from '../../src/agents/note-text.js';
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
