// Renders the app icons (PNG) from the logo with the system's Chromium: run once after
// changing the logo, and commit the results (`node apps/web/scripts/make-icons.mjs`).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, '..', 'public', 'icons');
const logo = (await readFile(path.join(out, 'icon.svg'), 'utf8')).replace('<svg ', '<svg width="100%" height="100%" ');

// "maskable": the platform crops to its own shape, so the mark sits in the inner 80% on a full bleed.
const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
try {
  for (const { file, size, maskable } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const inner = maskable ? logo.replace('rx="8"', 'rx="0"').replace('<path ', '<path transform="translate(3.2 3.2) scale(0.8)" ') : logo;
    await page.setContent(`<html><body style="margin:0;background:transparent">${inner}</body></html>`);
    await page.screenshot({ path: path.join(out, file), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
