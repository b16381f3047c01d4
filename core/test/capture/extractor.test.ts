import { afterEach, describe, expect, it } from 'vitest';
import { createExtractor, type Extractor } from '../../src/capture/index.js';
import { articlePage } from '../fakes/fixture-site.js';
import { blankPdf, encryptedPdf, manyPagesPdf, nestedPdf, textPdf } from '../helpers/pdf-bytes.js';

describe('the extractor (a thread of its own, bounded)', () => {
  let extractor: Extractor | undefined;
  afterEach(async () => {
    await extractor?.close();
    extractor = undefined;
  });

  it("reads a page's article as markdown, with title, author, site and date, leaving navigation out", async () => {
    extractor = createExtractor();
    const html = articlePage({
      title: 'Pelicans of Lake Ohrid',
      author: 'Ana Petrova',
      site: 'Birding Weekly',
      published: '2026-03-02T10:00:00Z',
      paragraphs: ['The Dalmatian pelican returns each spring.', 'Observers counted 214 birds, a zanzibarite record.'],
    });
    const read = await extractor.article(Buffer.from(html), 'https://birding.example/pelicans', 'text/html; charset=utf-8');
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value).toMatchObject({ title: 'Pelicans of Lake Ohrid', author: 'Ana Petrova', site: 'Birding Weekly', published: '2026-03-02T10:00:00Z' });
    expect(read.value.markdown).toContain('zanzibarite record');
    expect(read.value.markdown).not.toContain('About');
  });

  it('decodes a page in the charset it declares', async () => {
    extractor = createExtractor();
    const html = Buffer.from(articlePage({ title: 'Café', paragraphs: ['Crème brûlée à la carte, served every day in the long season of the café.'] }).replace('utf-8', 'iso-8859-1'), 'latin1');
    const read = await extractor.article(html, 'https://cafe.example/', 'text/html');
    expect(read.ok && read.value.markdown).toContain('Crème brûlée');
  });

  it("reads a PDF's text page by page, with its title", async () => {
    extractor = createExtractor();
    const pages = Array.from({ length: 50 }, (_, i) => `Page ${i + 1} of the manual\nquokka-${i + 1} is the word of this page`);
    const read = await extractor.pdf(await textPdf(pages, 'Field manual'));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.totalPages).toBe(50);
    expect(read.value.pages).toHaveLength(50);
    expect(read.value.pages[36]).toContain('quokka-37');
    expect(read.value).toMatchObject({ truncated: false, title: 'Field manual' });
  });

  it('reads the first pages of a long PDF only, and says so; keeps to the character budget', async () => {
    extractor = createExtractor({ pdf: { pages: 3, chars: 1_000_000 } });
    const read = await extractor.pdf(await textPdf(['one', 'two', 'three', 'four', 'five']));
    expect(read.ok && read.value).toMatchObject({ totalPages: 5, truncated: true, pages: ['one', 'two', 'three'] });
    await extractor.close();
    extractor = createExtractor({ pdf: { pages: 100, chars: 10 } });
    const short = await extractor.pdf(await textPdf(['abcdefgh', 'ijklmnop']));
    expect(short.ok && short.value.pages.join('').length).toBe(10);
    expect(short.ok && short.value.truncated).toBe(true);
  });

  it('a PDF without a text layer reads as pages without text', async () => {
    extractor = createExtractor();
    const read = await extractor.pdf(await blankPdf());
    expect(read.ok && read.value).toMatchObject({ totalPages: 1, pages: [''] });
  });

  it('tells an encrypted PDF apart, and refuses bytes that are not a PDF', async () => {
    extractor = createExtractor();
    expect(await extractor.pdf(encryptedPdf())).toMatchObject({ ok: false, code: 'encrypted' });
    expect(await extractor.pdf(Buffer.from('%PDF-1.4 this is not really a PDF'))).toMatchObject({ ok: false, code: 'unreadable' });
  });

  it('survives PDF bombs: 100,000 pages in a few kB and objects nested 200,000 deep end bounded, and the next PDF is read', async () => {
    extractor = createExtractor({ pdf: { pages: 50, chars: 100_000 } });
    const many = await extractor.pdf(manyPagesPdf(100_000));
    // Either read within the page budget, or refused: never 100,000 pages, never a stuck thread.
    if (many.ok) expect(many.value.pages.length).toBeLessThanOrEqual(50);
    else expect(many.code).toMatch(/unreadable|timeout|too_large/);
    const deep = await extractor.pdf(nestedPdf(200_000));
    if (deep.ok) expect(deep.value.pages.length).toBeLessThanOrEqual(1);
    else expect(deep.code).toMatch(/unreadable|timeout|too_large/);
    const next = await extractor.pdf(await textPdf(['still reading']));
    expect(next.ok && next.value.pages).toEqual(['still reading']);
  });

  it('ends a task that runs past its time, answering why', async () => {
    // No thread can start and load PDF.js within a millisecond: the task always runs over.
    extractor = createExtractor({ taskMs: 1 });
    expect(await extractor.pdf(await textPdf(['slow']))).toMatchObject({ ok: false, code: 'timeout' });
    expect(await extractor.article(Buffer.from('<p>x</p>'), 'https://x.example/', 'text/html')).toMatchObject({ ok: false, code: 'timeout' });
  });

  it('a page with no article text says so', async () => {
    extractor = createExtractor();
    const read = await extractor.article(
      Buffer.from('<!doctype html><html><head><title>App</title></head><body><div id="root"></div><script>boot()</script></body></html>'),
      'https://app.example/',
      'text/html',
    );
    expect(read).toMatchObject({ ok: false, code: 'unreadable' });
  });
});
