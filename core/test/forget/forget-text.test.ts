import { describe, expect, it } from 'vitest';
import { FORGOTTEN, textForgetter } from '../../src/forget/forget-text.js';
import { slugify } from '../../src/agents/index.js';

describe('what a forget takes out of a text', () => {
  const t = textForgetter('my card 4111 1111 1111 1111 expires 09/29');

  it('takes out every occurrence, whatever whitespace stands between its words', () => {
    expect(t.scrub('Card: my card 4111 1111 1111 1111 expires 09/29. Again: my card\n4111  1111 1111\t1111 expires 09/29')).toBe(`Card: ${FORGOTTEN}. Again: ${FORGOTTEN}`);
  });

  it('takes out a start of it cut short by an ellipsis, as a commit subject or a step keeps it', () => {
    expect(t.scrub('Update 20250314-092600-a1b2c3: my card 4111 1111…')).toBe(`Update 20250314-092600-a1b2c3: ${FORGOTTEN}…`);
    // Too short a start to be a secret, and any word may start so: left.
    expect(t.scrub('my…')).toBeUndefined();
    // An ellipsis after anything else is left.
    expect(t.scrub('and so on…')).toBeUndefined();
  });

  it('leaves a text that does not hold it, and says so', () => {
    expect(t.scrub('my card is in the drawer')).toBeUndefined();
  });

  it('rewrites text files as UTF-8 and leaves other bytes alone', () => {
    const note = Buffer.from('# Wallet\n\nmy card 4111 1111 1111 1111 expires 09/29 — née\n', 'utf8');
    expect(t.scrubBytes(note)?.toString('utf8')).toBe(`# Wallet\n\n${FORGOTTEN} — née\n`);
    expect(t.scrubBytes(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, ...Buffer.from('my card 4111 1111 1111 1111 expires 09/29')]))).toBeUndefined();
    expect(t.scrubBytes(Buffer.from('nothing here'))).toBeUndefined();
  });

  it('takes a text with characters a pattern would read as its own literally', () => {
    const odd = textForgetter('a+b (c) [d] $e ^f* key');
    expect(odd.scrub('x a+b (c) [d] $e ^f* key y')).toBe(`x ${FORGOTTEN} y`);
    expect(odd.scrub('aab c d e f key')).toBeUndefined();
  });
});

describe('what a forget takes out of names', () => {
  const t = textForgetter('My door code is Zebra Ridge 8462');

  it('renames a note named after its first line, whole or cut at the length of a name', () => {
    expect(t.scrubName('2025-03-14-my-door-code-is-zebra-ridge-8462.md')).toBe('2025-03-14-forgotten.md');
    expect(t.scrubName('2025-03-14-my-door-code-is-zebra-ri.md')).toBe('2025-03-14-forgotten.md');
    expect(t.scrubName('My door code is Zebra Ridge 8462.md')).toBe('forgotten.md');
    expect(t.scrubPath('projects/my-door-code-is-zebra-ridge-8462/notes.md')).toBe('projects/forgotten/notes.md');
    // A name that merely starts like it is someone else's.
    expect(t.scrubName('my-door.md')).toBeUndefined();
    expect(t.scrubPath('bucket/2025-03-14-garden.md')).toBeUndefined();
  });

  it('renames a note named after a Hindi first line, whole or cut short, as the offline runner names it', () => {
    const hindi = 'मेरे दरवाज़े का कोड ज़ेबरा रिज 8462 है, इसे किसी को मत बताना';
    const h = textForgetter(hindi);
    expect(h.scrubName(`2025-03-14-${'मेरे-दरवाज़े-का-कोड-ज़ेबरा-रिज-8462-है-इसे-किसी-को-मत-बताना'.normalize('NFC')}.md`)).toBe('2025-03-14-forgotten.md');
    // The name a note of that first line gets: a start of the words, bounded in bytes.
    expect(h.scrubName(`2025-03-14-${slugify(hindi)}.md`)).toBe('2025-03-14-forgotten.md');
    expect(h.scrubName('2025-03-14-मेरे-घर.md')).toBeUndefined();
  });

  it('renames the paths a note links to the same way, so links still lead to the renamed note', () => {
    expect(t.scrub('Filed into [bucket/2025-03-14-my-door-code-is-zebra-ridge-8462.md](bucket/2025-03-14-my-door-code-is-zebra-ridge-8462.md).')).toBe(
      'Filed into [bucket/2025-03-14-forgotten.md](bucket/2025-03-14-forgotten.md).',
    );
    expect(t.scrub('He said: My door code is Zebra Ridge 8462.')).toBe(`He said: ${FORGOTTEN}.`);
  });
});
