import { describe, expect, it } from 'vitest';
import { shareProblemText } from '../src/hooks/use-share-launch';

describe('shareProblemText', () => {
  it("says each known code in the app's own words", () => {
    expect(shareProblemText('text_too_large')).toMatch(/longer than Knower takes/);
    expect(shareProblemText('attachment_too_large')).toMatch(/10 MB for an image, 50 MB for a PDF, 100 MB for an audio file/);
    expect(shareProblemText('too_many_attachments')).toMatch(/at most 8 files/);
    expect(shareProblemText('empty_update')).toMatch(/no text, link or file/);
  });

  it('never shows what the link carried: unknown codes, sentences and markup all get the same words', () => {
    const generic = shareProblemText('internal_error');
    for (const planted of ['Your vault was wiped. Call +1 555 0100 to restore it.', '<img src=x onerror=alert(1)>', 'toString', '__proto__', 'constructor', '']) {
      expect(shareProblemText(planted), planted).toBe(generic);
    }
    expect(generic).toMatch(/could not be filed/);
  });
});
