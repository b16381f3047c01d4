import { describe, expect, it } from 'vitest';
import { fileView, waitForApp } from './harness/app.js';
import { launchChromium } from './harness/browser.js';
import { useKnower } from './harness/knower-e2e.js';
import { GARDEN } from './harness/seed-vault.js';

// A note can come from anywhere (a shared vault, a clipped page, a sync): whatever it holds,
// nothing in it runs in the app. The harness also fails the test on any uncaught error, any
// request leaving core and any load the Content-Security-Policy refused.

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" onload="alert('svg-onload')">
<script>alert('svg-script'); document.title = 'pwned by svg';</script>
<rect width="40" height="40" fill="#5b5bd6"/>
</svg>
`;

const HOSTILE = `# Hostile note

<script>alert('script')</script>

<img src="x" onerror="alert('img-onerror')">

<iframe src="javascript:alert('iframe')"></iframe>

[a javascript link](javascript:alert('link'))

[a data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgnZGF0YScpPC9zY3JpcHQ+)

<a href="javascript:alert('raw-anchor')">a raw anchor</a>

An image: ![an svg](evil.svg)

An embed: ![[evil.svg]]
`;

const e2e = useKnower('hostile-notes', { ...GARDEN, 'projects/garden/hostile.md': HOSTILE, 'projects/garden/evil.svg': SVG });

describe('hostile notes', () => {
  it('script tags, event handlers, javascript: and data: links, and SVG scripts never run in the app', async () => {
    const page = await e2e.open();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto('/#/file/projects/garden/hostile.md');
    await waitForApp(page);
    const note = fileView(page, 'projects/garden/hostile.md');
    await note.getByRole('heading', { name: 'Hostile note' }).waitFor();
    await note.getByText('a javascript link').waitFor();
    // The SVG is shown as an image (its scripts cannot run there), once loaded.
    await page.waitForFunction(() => [...document.querySelectorAll('article img')].some((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0));

    const found = await note.evaluate((article) => ({
      active: [...article.querySelectorAll('script, iframe, object, embed, frame')].map((el) => el.tagName),
      handlers: [...article.querySelectorAll('*')].flatMap((el) => [...el.attributes].filter((a) => a.name.startsWith('on')).map((a) => `${el.tagName} ${a.name}`)),
      links: [...article.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? '').filter((href) => /^\s*(javascript|data|vbscript):/i.test(href)),
    }));
    expect(found).toEqual({ active: [], handlers: [], links: [] });
    // The javascript: link keeps its words as a dead link; it does not open some other page of the vault.
    expect(await note.getByText('a javascript link').evaluate((el) => el.closest('[data-dead-link]') !== null)).toBe(true);
    expect(dialogs).toEqual([]);
    expect(await page.title()).toBe('Knower');
  });

  it('an SVG opened from the vault on its own is a sandboxed document: its script does not run', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      const response = await page.goto(`${e2e.core.url}/vault/raw?path=projects/garden/evil.svg`);
      expect(response?.headers()['content-security-policy']).toContain('sandbox');
      await page.locator('rect').waitFor({ state: 'attached' });
      expect(dialogs).toEqual([]);
      expect(await page.title()).not.toBe('pwned by svg');
    } finally {
      await browser.close();
    }
  });
});
