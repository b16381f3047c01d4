import { describe, expect, it } from 'vitest';
import { linkDraft, shortLink } from '../src/lib/link-draft';

// A link pasted or typed in Update mode is offered as a clip: the link goes as `url`, the other
// words as the person's note on it.

describe('linkDraft', () => {
  it('takes a message that is only a link', () => {
    expect(linkDraft('https://birding.example/pelicans')).toEqual({ url: 'https://birding.example/pelicans', rest: '' });
    expect(linkDraft('  http://wiki.lan:8080/page?id=3#top \n')).toEqual({ url: 'http://wiki.lan:8080/page?id=3#top', rest: '' });
  });

  it('takes a link with words, which become the note on it', () => {
    expect(linkDraft('For the spring trip https://birding.example/pelicans')).toEqual({ url: 'https://birding.example/pelicans', rest: 'For the spring trip' });
    expect(linkDraft('Read this: https://birding.example/pelicans. Ana recommended it')).toEqual({
      url: 'https://birding.example/pelicans',
      rest: 'Read this: Ana recommended it',
    });
    expect(linkDraft('see <https://birding.example/a> later')).toEqual({ url: 'https://birding.example/a', rest: 'see later' });
  });

  it('leaves the sentence its punctuation, and a link its own brackets', () => {
    expect(linkDraft('(see https://en.wikipedia.org/wiki/Pelican_(genus))')?.url).toBe('https://en.wikipedia.org/wiki/Pelican_(genus)');
    expect(linkDraft('https://example.org/a, https://nope')).toBeNull();
    expect(linkDraft('"https://example.org/quoted"')?.url).toBe('https://example.org/quoted');
  });

  it('is no clip for plain text, two links, a markdown link or a link that is not http(s)', () => {
    expect(linkDraft('Planted garlic in bed 4')).toBeNull();
    expect(linkDraft('compare https://a.example/x with https://b.example/y')).toBeNull();
    expect(linkDraft('as [the article](https://a.example/x) says')).toBeNull();
    expect(linkDraft('ftp://files.example/a.zip')).toBeNull();
    expect(linkDraft('https://')).toBeNull();
  });
});

describe('shortLink', () => {
  it('shows a link as a person recognises it', () => {
    expect(shortLink('https://www.birding.example/pelicans/')).toBe('birding.example/pelicans');
    expect(shortLink('http://127.0.0.1:4000/a?b=1')).toBe('127.0.0.1:4000/a?b=1');
    expect(shortLink('not a link')).toBe('not a link');
  });
});
