import { describe, expect, it } from 'vitest';
import { passageUnits } from '../../src/search/worker/passage-units.js';

const units = (text: string) => passageUnits(text).units;

// What a note is cut into for a hit to name its best passage.
describe('passage units', () => {
  it('a chat with speakers is cut into turns; a list of fields, each named once, stays one passage', () => {
    const chat = ['User: where did we park?', 'Assistant: level 3, row F.', '**User:** and the ticket?', '**Assistant:** in the glovebox,', 'under the manual.'].join('\n');
    expect(units(chat)).toEqual([
      { headings: [], from: 1, to: 1 },
      { headings: [], from: 2, to: 2 },
      { headings: [], from: 3, to: 3 },
      { headings: [], from: 4, to: 5 },
    ]);
    const fields = ['# Trip', '', '- Owner: Ann', '- Due: Friday', '- Budget: 300 EUR', '- Status: booked'].join('\n');
    expect(units(fields)).toEqual([{ headings: ['Trip'], from: 1, to: 6 }]);
  });

  it('headings inside code fences and the frontmatter cut nothing; setext headings do', () => {
    const note = ['---', 'title: x', '---', 'Intro line.', '', '```', '# not a heading', '```', '', 'Setup', '-----', 'Install it.'].join('\n');
    expect(units(note)).toEqual([
      { headings: [], from: 4, to: 8 },
      { headings: ['Setup'], from: 10, to: 12 },
    ]);
  });

  it('a long section is cut into windows of lines, at a blank line where one is near', () => {
    const paragraphs = Array.from({ length: 20 }, (_, i) => `Paragraph ${i + 1}, line one.\nParagraph ${i + 1}, line two.\n`).join('\n');
    const cut = units(`# Log\n\n${paragraphs}`);
    expect(cut.length).toBeGreaterThan(1);
    for (const u of cut) expect(u.to - u.from).toBeLessThan(30);
    // Every line of the section is in one window, in order, and windows end before a blank line or at the end.
    expect(cut[0]!.from).toBe(1);
    for (let i = 1; i < cut.length; i++) expect(cut[i]!.from).toBeGreaterThan(cut[i - 1]!.to);
    const lines = `# Log\n\n${paragraphs}`.split('\n');
    for (const u of cut.slice(0, -1)) expect(lines[u.to]).toBe('');
  });
});
