import { describe, expect, it } from 'vitest';
import { headingPath, outlineNote, pickHeading, sectionText } from '../../src/vault/index.js';

const brief = (text: string) => outlineNote(text).headings.map((h) => [h.level, h.text, h.line, h.end]);

describe('a note outline', () => {
  it('lists ATX headings with levels, lines and the span of each section', () => {
    const text = '# Title\n\nintro\n\n## One\nbody\n### One.a #\ndeep\n## Two ##\nlast\n';
    expect(brief(text)).toEqual([
      [1, 'Title', 1, 10],
      [2, 'One', 5, 8],
      [3, 'One.a', 7, 8],
      [2, 'Two', 9, 10],
    ]);
    expect(outlineNote(text).lines).toBe(10);
  });

  it('does not take lines inside fenced or indented code, or the frontmatter, for headings', () => {
    const text = [
      '---',
      'title: # not a heading',
      '---',
      '# Real',
      '```bash',
      '# a shell comment',
      '## also code',
      '```',
      '~~~~',
      '# tilde fence',
      '```',
      '# still inside: a shorter or other fence does not close it',
      '~~~~',
      '',
      '    # indented code',
      '',
      '## After',
    ].join('\n');
    expect(brief(text)).toEqual([
      [1, 'Real', 4, 17],
      [2, 'After', 17, 17],
    ]);
  });

  it('reads setext headings (a paragraph underlined), and not a thematic break or a list followed by ---', () => {
    const text = ['Big title', '=========', '', 'Two line', 'heading', '---', '', 'text', '', '---', '', '- item', '---', '', '## Atx'].join('\n');
    expect(brief(text)).toEqual([
      [1, 'Big title', 1, 15],
      [2, 'Two line heading', 4, 14],
      [2, 'Atx', 15, 15],
    ]);
  });

  it('numbers repeated names and gives each heading its parents', () => {
    const text = '# Log\n## Monday\n### Notes\na\n## Tuesday\n### Notes\nb\n### Notes\nc\n';
    const { headings } = outlineNote(text);
    const notes = headings.filter((h) => h.text === 'Notes');
    expect(notes.map((h) => [h.occurrence, h.parents, h.line])).toEqual([
      [1, ['Log', 'Monday'], 3],
      [2, ['Log', 'Tuesday'], 6],
      [3, ['Log', 'Tuesday'], 8],
    ]);
    expect(headingPath(notes[1]!)).toBe('Log > Tuesday > Notes');
  });

  it('counts lines the way editors do: CRLF, a BOM, no trailing empty line', () => {
    const text = '\uFEFF# A\r\nx\r\n## B\r\ny\r\n';
    expect(brief(text)).toEqual([
      [1, 'A', 1, 4],
      [2, 'B', 3, 4],
    ]);
  });
});

describe('picking a section', () => {
  const text = '# Log\n## Monday\n### Notes\nfirst\n## Tuesday\n### Notes\nsecond\n### **Notes**\nthird\n## Plan\nship it\n';
  const outline = outlineNote(text);

  it('returns the heading and everything under it, down to the next heading of the same or higher level', () => {
    const pick = pickHeading(outline, 'Monday');
    expect(pick.ok).toBe(true);
    if (pick.ok) expect(sectionText(text, pick.heading)).toBe('## Monday\n### Notes\nfirst');
  });

  it('ignores leading #s, case and emphasis marks in the name', () => {
    const pick = pickHeading(outline, '## plan');
    expect(pick.ok && sectionText(text, pick.heading)).toBe('## Plan\nship it');
  });

  it('refuses a repeated name without an occurrence, listing the candidates', () => {
    const pick = pickHeading(outline, 'Notes');
    expect(pick).toMatchObject({ ok: false, reason: 'ambiguous' });
    if (!pick.ok && pick.reason === 'ambiguous') expect(pick.candidates.map((h) => h.line)).toEqual([3, 6, 8]);
  });

  it('picks one of the repeated names by occurrence or by a heading path', () => {
    const second = pickHeading(outline, 'Notes', 2);
    expect(second.ok && sectionText(text, second.heading)).toBe('### Notes\nsecond');
    const third = pickHeading(outline, 'Notes', 3);
    expect(third.ok && sectionText(text, third.heading)).toBe('### **Notes**\nthird');
    const byPath = pickHeading(outline, 'Monday > Notes');
    expect(byPath.ok && sectionText(text, byPath.heading)).toBe('### Notes\nfirst');
    expect(pickHeading(outline, 'Log > Tuesday > Notes')).toMatchObject({ ok: false, reason: 'ambiguous' });
    expect(pickHeading(outline, 'Notes', 4)).toMatchObject({ ok: false, reason: 'no_such_occurrence' });
    expect(pickHeading(outline, 'Wednesday')).toEqual({ ok: false, reason: 'not_found' });
  });
});
