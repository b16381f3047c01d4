import { describe, expect, it } from 'vitest';
import { UPDATE_LIMITS } from '../src/lib/api';
import { CLIP_QUERY_CHARS, bookmarklet } from '../src/lib/bookmarklet';
import { clipText, readClipRequest } from '../src/lib/clip-request';

// The bookmarklet opens `/clip?url=…&title=…&text=…` on Knower's own origin; the clip page reads
// it, shows it, and sends it only once the person confirms.

/** Runs the bookmarklet as a browser would on a page, and returns what it opened. */
function runOn(page: { href: string; title: string; selection: string }, origin = 'http://127.0.0.1:8000') {
  const opened: Array<{ url: string; target: string; features: string }> = [];
  const code = decodeURIComponent(bookmarklet(origin).slice('javascript:'.length));
  const run = new Function('location', 'document', 'getSelection', 'window', code);
  run({ href: page.href }, { title: page.title }, () => ({ toString: () => page.selection }), { open: (url: string, target: string, features: string) => opened.push({ url, target, features }) });
  expect(opened).toHaveLength(1);
  return opened[0]!;
}

describe('the bookmarklet', () => {
  it("opens the clip page of this Knower with the page's link, title and selection, in a window the page cannot reach", () => {
    const opened = runOn({ href: 'https://birding.example/pelicans?x=1&y=2#notes', title: 'Pelicans & co', selection: ' The pelican returns. ' }, 'http://knower.lan:8000');
    const url = new URL(opened.url);
    expect(url.origin + url.pathname).toBe('http://knower.lan:8000/clip');
    expect(readClipRequest(url.search)).toEqual({ ok: true, url: 'https://birding.example/pelicans?x=1&y=2#notes', title: 'Pelicans & co', selection: 'The pelican returns.' });
    expect(opened.features).toContain('noopener');
  });

  it('shortens a long selection to fit a request line, never splitting a character', () => {
    const opened = runOn({ href: 'https://a.example/', title: 'A', selection: '漢字🙂'.repeat(5_000) });
    const query = opened.url.slice(opened.url.indexOf('?') + 1);
    expect(query.length).toBeLessThanOrEqual(CLIP_QUERY_CHARS);
    const request = readClipRequest(query);
    expect(request.ok && request.selection.length).toBeGreaterThan(100);
    expect(request.ok && request.selection).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('leaves out an empty selection', () => {
    const opened = runOn({ href: 'https://a.example/', title: '', selection: '' });
    expect(new URL(opened.url).searchParams.has('text')).toBe(false);
  });
});

describe('readClipRequest', () => {
  it('refuses a clip without a link, or with a link the service would not fetch', () => {
    expect(readClipRequest('?title=x')).toMatchObject({ ok: false, problem: expect.stringMatching(/no link/) });
    expect(readClipRequest(`?url=${encodeURIComponent('javascript:alert(1)')}`)).toMatchObject({ ok: false, problem: expect.stringMatching(/http:\/\/ or https:\/\//) });
    expect(readClipRequest(`?url=${encodeURIComponent('file:///etc/passwd')}`).ok).toBe(false);
  });

  it('keeps the title to one line of at most 300 characters', () => {
    const request = readClipRequest(`?url=https://a.example/&title=${encodeURIComponent(`A\n  title ${'x'.repeat(400)}`)}`);
    expect(request.ok && request.title).toMatch(/^A title x+$/);
    expect(request.ok && request.title.length).toBe(300);
  });
});

describe('clipText', () => {
  it("is the person's words, then the selection quoted", () => {
    expect(clipText('For the trip ', 'Line one\nLine two')).toBe('For the trip\n\n> Line one\n> Line two');
    expect(clipText('', ' Only the passage ')).toBe('> Only the passage');
    expect(clipText('  ', '')).toBe('');
    expect(clipText('why', 'x'.repeat(UPDATE_LIMITS.textChars)).length).toBe(UPDATE_LIMITS.textChars);
  });
});
