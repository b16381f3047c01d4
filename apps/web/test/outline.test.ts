import { describe, expect, it } from 'vitest';
import { outlineOf } from '../src/lib/outline';

describe('outlineOf', () => {
  it('lists the headings in order with the ids the note view gives them', () => {
    const note = '# Plan\n\nIntro.\n\n## Beds and **soil**\n\n```\n# not a heading\n```\n\n### [[Seed list|Seeds]] to order ^s1\n\nSetext\n------\n\n%%\n## hidden\n%%\n\n## Next steps: Q3!\n';
    expect(outlineOf(note)).toEqual([
      { level: 1, text: 'Plan', id: 'plan' },
      { level: 2, text: 'Beds and soil', id: 'beds-and-soil' },
      { level: 3, text: 'Seeds to order', id: 'seeds-to-order' },
      { level: 2, text: 'Setext', id: 'setext' },
      { level: 2, text: 'Next steps: Q3!', id: 'next-steps-q3' },
    ]);
  });

  it('keeps non-Latin headings and ignores a list item over a rule', () => {
    expect(outlineOf('## Заметки о поездке\n\n- item\n---\n')).toEqual([{ level: 2, text: 'Заметки о поездке', id: 'заметки-о-поездке' }]);
  });
});
