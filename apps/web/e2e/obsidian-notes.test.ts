import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileView, waitForApp } from './harness/app.js';
import { SIZES } from './harness/browser.js';
import { useKnower } from './harness/knower-e2e.js';
import { REPO_ROOT } from './harness/paths.js';
import { GARDEN } from './harness/seed-vault.js';

// Notes written in Obsidian render as Obsidian shows them: links by name, embeds, callouts,
// hidden block ids, right-to-left paragraphs, and wide tables that scroll in their own box.

const PLAN = `# Garden plan

The beds follow [[state]] and the [[Seed list#Tomatoes|tomato list]]. See also [[Compost heap]].

![[bed-photo.png|240]]

> [!tip]- Watering in July
> Water the tomatoes at dawn, never on the leaves.

> [!warning] Frost
> Cover the beds when the forecast drops below 2 °C.

Mulch every bed before winter. ^mulch-rule

تُزرع الطماطم في السرير الأول في شهر أبريل.

| Bed | Crop | Sown | Harvest | Notes that make this table wider than a phone screen |
| --- | --- | --- | --- | --- |
| 1 | Tomatoes | April | August | Staked, pruned to one stem, fed with comfrey every two weeks |

![[Seed list#Tomatoes]]
`;

const SEEDS = `# Seed list

## Tomatoes
- Cherry: Sungold
- Paste: San Marzano

## Beans
- Borlotti
`;

const e2e = useKnower('obsidian', {
  ...GARDEN,
  'projects/garden/Garden plan.md': PLAN,
  'bucket/Seed list.md': SEEDS,
  'projects/garden/bed-photo.png': readFileSync(path.join(REPO_ROOT, 'apps/web/public/icons/icon-192.png')),
});

describe.each(SIZES)('an Obsidian note on a $name ($width×$height)', (size) => {
  const open = async () => {
    const page = await e2e.open({ viewport: size });
    await page.goto('/#/file/projects/garden/Garden%20plan.md');
    await waitForApp(page);
    const note = fileView(page, 'projects/garden/Garden plan.md');
    await note.getByRole('heading', { name: 'Garden plan' }).waitFor();
    return { page, note };
  };

  it('follows wikilinks by name (with heading and alias) and marks links that lead nowhere', async () => {
    const { page, note } = await open();
    await e2e.checkView(page, 'obsidian-note');
    const missing = note.getByText('Compost heap');
    expect(await missing.getAttribute('data-unresolved')).toBe('');
    expect(await note.getByRole('link', { name: 'Compost heap' }).count()).toBe(0);

    await note.getByRole('link', { name: 'tomato list' }).click();
    const seeds = fileView(page, 'bucket/Seed list.md');
    await seeds.getByRole('heading', { name: 'Tomatoes' }).waitFor();
    expect(decodeURIComponent(page.url())).toContain('#/file/bucket/Seed list.md?h=Tomatoes');
    await page.goBack();
    await note.getByRole('link', { name: 'state', exact: true }).click();
    await fileView(page, 'projects/garden/state.md').getByRole('heading', { name: 'State' }).waitFor();
  });

  it('shows embedded images at their size, and an embedded note section inline', async () => {
    const { note } = await open();
    const image = note.getByRole('img', { name: 'bed-photo.png' });
    await image.waitFor();
    await waitForImage(image);
    expect(await image.evaluate((img: HTMLImageElement) => [img.naturalWidth > 0, Math.round(img.getBoundingClientRect().width)])).toEqual([true, 240]);
    const embed = note.getByRole('group', { name: 'Embedded note Seed list.md' });
    await embed.getByText('San Marzano').waitFor();
    expect(await embed.getByText('Borlotti').count()).toBe(0);
  });

  it('folds a foldable callout and opens it on click', async () => {
    const { note } = await open();
    // Clicked once the note has settled, as a person would: its links resolved and the photo above
    // the callout loaded (either arriving late re-renders the note or moves the callout down).
    await note.locator('[data-unresolved]').first().waitFor();
    const photo = note.getByRole('img', { name: 'bed-photo.png' });
    await photo.waitFor();
    await waitForImage(photo);
    const callout = note.locator('details[data-callout]');
    const body = callout.getByText('Water the tomatoes at dawn');
    expect(await callout.getAttribute('open')).toBeNull();
    expect(await body.isVisible()).toBe(false);
    await callout.getByText('Watering in July').click();
    await body.waitFor();
    expect(await note.getByText('Cover the beds when the forecast').isVisible()).toBe(true);
  });

  it('runs Arabic right to left, hides block ids and scrolls a wide table inside its box', async () => {
    const { page, note } = await open();
    const arabic = note.getByText('تُزرع الطماطم');
    expect(await arabic.getAttribute('dir')).toBe('auto');
    expect(await arabic.evaluate((p) => getComputedStyle(p).direction)).toBe('rtl');
    expect(await note.getByText('Mulch every bed before winter.').textContent()).toBe('Mulch every bed before winter.');
    expect(await note.getByText('^mulch-rule').count()).toBe(0);
    const box = note.getByRole('region', { name: 'Table' });
    const [scrollWidth, clientWidth] = await box.evaluate((el) => [el.scrollWidth, el.clientWidth]);
    if (size.width < 768) expect(scrollWidth).toBeGreaterThan(clientWidth);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});

async function waitForImage(image: import('playwright-core').Locator): Promise<void> {
  await image.evaluate((img: HTMLImageElement) => (img.complete ? undefined : new Promise((resolve) => img.addEventListener('load', resolve, { once: true }))));
}
