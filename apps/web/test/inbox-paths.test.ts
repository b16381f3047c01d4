import { describe, expect, it } from 'vitest';
import { inInbox, itemFiles } from '../src/lib/inbox-paths';

// The layout as GET /health gives it; named differently from Knower's own to show nothing else is assumed.
const layout = { inbox: 'questions', review: 'ask.md' };

describe('inbox paths, as GET /health names them', () => {
  it("tells an item's review from its attachments", () => {
    const files = ['questions/u1/ask.md', 'questions/u1/input.md', 'questions/u1/photo.png'];
    expect(itemFiles(files, layout)).toEqual({ review: 'questions/u1/ask.md', attachments: ['questions/u1/input.md', 'questions/u1/photo.png'] });
  });

  it('lists every file as an attachment until /health has answered', () => {
    expect(itemFiles(['questions/u1/ask.md'], null)).toEqual({ review: undefined, attachments: ['questions/u1/ask.md'] });
  });

  it('knows a change inside the inbox folder, and nothing before /health has answered', () => {
    expect(inInbox('questions/u1/ask.md', layout)).toBe(true);
    expect(inInbox('questionsx/a.md', layout)).toBe(false);
    expect(inInbox('inbox/u1/review.md', layout)).toBe(false);
    expect(inInbox('questions/u1/ask.md', null)).toBe(false);
  });
});
