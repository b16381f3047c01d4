import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { activity, composer, fileView, showTree, treeRow, waitForApp } from './harness/app.js';
import { SIZES } from './harness/browser.js';
import { text, turn } from './harness/fake-model.js';
import { useKnower } from './harness/knower-e2e.js';
import { REPO_ROOT } from './harness/paths.js';
import { GARDEN } from './harness/seed-vault.js';

// A note using all of the Obsidian syntax people write, rendered as Obsidian shows it (checked
// element by element, and screenshotted in both themes at both sizes); and malformed links, in a
// note and in a kept answer, that leave the app working.

const CALLOUTS = ['note', 'tip', 'info', 'success', 'question', 'warning', 'danger', 'example', 'quote'];

const EVERYTHING = `# Everything Obsidian

A ==highlighted phrase== stays, a %%secret remark%% does not.

%%
A whole paragraph only the author sees.
%%

Line one<br>line two, x<sup>2</sup> and H<sub>2</sub>O, <kbd>Ctrl</kbd>+<kbd>K</kbd>.

<details><summary>Harvest notes</summary>

Picked **4 kg** of beans.

</details>

Inline math $E = mc^2$ and a matrix $\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}$.

$$
\\int_0^1 x^2\\,dx = \\frac{1}{3}
$$

\`\`\`mermaid
graph LR
  Seed --> Sprout --> Harvest
\`\`\`

${CALLOUTS.map((type) => `> [!${type}] ${type[0]!.toUpperCase()}${type.slice(1)}\n> The ${type} callout.`).join('\n\n')}

![[Seed list#^potatoes]]

| Bed | Photo | Seeds |
| --- | --- | --- |
| 1 | ![[bed-photo.png\\|80]] | [[Seed list\\|the seed list]] |

![[memo.wav]]

日本語の**[[Seed list]]**です。

A [broken link](#%E0%A4%A) that leads nowhere.
`;

const SEEDS = `# Seed list

- Tomatoes: Sungold
- Seed potatoes: Charlotte ^potatoes
- Beans: Borlotti
`;

/** A valid, silent WAV file of a tenth of a second. */
function wav(): Buffer {
  const samples = 800;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples * 2, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples * 2, 40);
  return Buffer.concat([header, Buffer.alloc(samples * 2)]);
}

const e2e = useKnower('obsidian-syntax', {
  ...GARDEN,
  'projects/garden/Everything.md': EVERYTHING,
  'projects/garden/Seed list.md': SEEDS,
  'projects/garden/bed-photo.png': readFileSync(path.join(REPO_ROOT, 'apps/web/public/icons/icon-192.png')),
  'projects/garden/memo.wav': wav(),
  'projects/garden/Long plan.md': `# Long plan\n\nSee the [[Seed list]].\n\n${['Beds', 'Soil', 'Water', 'Harvest'].map((h) => `## ${h}\n\n${'Notes about it. '.repeat(60)}\n\n### ${h} later\n\nMore.\n`).join('\n')}`,
});

async function openNote(page: Page): Promise<Locator> {
  await page.goto('/#/file/projects/garden/Everything.md');
  await waitForApp(page);
  const note = fileView(page, 'projects/garden/Everything.md');
  await note.getByRole('heading', { name: 'Everything Obsidian' }).waitFor();
  return note;
}

describe.each(SIZES)('Obsidian syntax on a $name ($width×$height)', (size) => {
  it('renders every kind of syntax in a note, in both themes', async () => {
    const page = await e2e.open({ viewport: size });
    const note = await openNote(page);

    expect(await note.locator('mark').textContent()).toBe('highlighted phrase');
    expect(await note.getByText('secret remark').count()).toBe(0);
    expect(await note.getByText('A whole paragraph only the author sees').count()).toBe(0);

    // Inline HTML, kept to the allow-list.
    await note.locator('sup', { hasText: '2' }).waitFor();
    expect(await note.locator('p:has(br)', { hasText: 'Line one' }).count()).toBe(1);
    expect(await note.locator('kbd').allTextContents()).toEqual(['Ctrl', 'K']);
    const details = note.locator('details:not([data-callout])');
    expect(await details.getAttribute('open')).toBeNull();
    await details.getByText('Harvest notes').click();
    await details.getByText('of beans').waitFor();

    // Math typeset by KaTeX (loaded for this note), backslashes intact; the diagram drawn by Mermaid.
    await note.locator('.katex-display').waitFor();
    expect(await note.locator('.math-inline .katex').count()).toBe(2);
    expect(await note.locator('.math-inline').nth(1).locator('annotation').textContent()).toContain('\\\\ c & d');
    const diagram = note.getByRole('img', { name: 'Diagram' });
    await diagram.locator('svg').waitFor({ timeout: 30_000 });
    expect(await diagram.textContent()).toContain('Sprout');

    // Callouts: each with an icon, the families in their own colours.
    const borders = new Map<string, string>();
    for (const type of CALLOUTS) {
      const callout = note.locator(`[data-callout-type="${type}"]`);
      await callout.locator('[data-callout-title] svg.callout-icon').waitFor();
      borders.set(type, await callout.evaluate((el) => getComputedStyle(el).borderLeftColor));
    }
    expect(new Set(borders.values()).size).toBe(CALLOUTS.length);

    // A block embed shows the block only; an embed in a table cell loads; audio plays inline.
    const block = note.getByRole('group', { name: 'Embedded note Seed list.md' });
    await block.getByText('Seed potatoes: Charlotte').waitFor();
    expect(await block.getByText('Sungold').count()).toBe(0);
    const photo = note.locator('td').getByRole('img', { name: 'bed-photo.png' });
    await photo.evaluate((img: HTMLImageElement) => (img.complete ? undefined : new Promise((resolve) => img.addEventListener('load', resolve, { once: true }))));
    expect(await photo.evaluate((img: HTMLImageElement) => [img.naturalWidth > 0, Math.round(img.getBoundingClientRect().width)])).toEqual([true, 80]);
    await note.locator('td').getByRole('link', { name: 'the seed list' }).waitFor();
    const audio = note.locator('audio');
    expect(await audio.getAttribute('src')).toBe('/vault/raw?path=projects%2Fgarden%2Fmemo.wav');
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.readyState), { timeout: 10_000 }).toBeGreaterThan(0);

    // Bold around a link next to Japanese text; a malformed link is a dead link, not a crash.
    await note.locator('strong').getByRole('link', { name: 'Seed list' }).waitFor();
    const dead = note.getByText('broken link');
    expect(await dead.getAttribute('data-dead-link')).toBe('');
    expect(await note.getByRole('link', { name: 'broken link' }).count()).toBe(0);

    // The note in two screens: from the top to the callouts, then the embeds to the end.
    await note.getByRole('heading', { name: 'Everything Obsidian' }).scrollIntoViewIfNeeded();
    await e2e.checkView(page, 'obsidian-everything');
    await note.locator('[data-callout-type="quote"]').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await e2e.checkView(page, 'obsidian-everything-end');
  });

  it('follows a link to a block and lands on it', async () => {
    await e2e.writeFile(`projects/garden/Links ${size.name}.md`, '# Links\n\nSee [[Seed list#^potatoes|the potatoes]].\n');
    const page = await e2e.open({ viewport: size });
    await page.goto(`/#/file/projects/garden/Links%20${size.name}.md`);
    await waitForApp(page);
    await fileView(page, `projects/garden/Links ${size.name}.md`).getByRole('link', { name: 'the potatoes' }).click();
    const seeds = fileView(page, 'projects/garden/Seed list.md');
    const target = seeds.locator('[data-block-id="potatoes"]');
    await target.waitFor();
    expect(await target.textContent()).toBe('Seed potatoes: Charlotte');
    await expect.poll(() => target.evaluate((el) => el.classList.contains('block-target'))).toBe(true);
  });

  it('lists the notes linking to a note, and outlines a long one', async () => {
    const page = await e2e.open({ viewport: size });
    await page.goto('/#/file/projects/garden/Seed%20list.md');
    await waitForApp(page);
    const seeds = fileView(page, 'projects/garden/Seed list.md');
    const linked = seeds.getByRole('region', { name: 'Linked from' });
    await linked.getByRole('link', { name: /^Everything/ }).waitFor();
    expect(await linked.getByRole('link', { name: /^Long plan/ }).count()).toBe(1);
    await linked.getByText('See the [[Seed list]].').waitFor();

    await linked.getByRole('link', { name: /^Long plan/ }).click();
    const plan = fileView(page, 'projects/garden/Long plan.md');
    await plan.getByRole('heading', { name: 'Long plan' }).waitFor();
    // A long note opens with its outline where there is room; elsewhere the header shows it.
    const outline = page.getByRole('navigation', { name: 'Outline' });
    if (!(await outline.isVisible())) await page.getByRole('button', { name: 'Outline' }).click();
    await outline.getByRole('link', { name: 'Soil later' }).click();
    const heading = plan.getByRole('heading', { name: 'Soil later' });
    await expect.poll(() => heading.evaluate((el) => Math.round(el.getBoundingClientRect().top)), { timeout: 5000 }).toBeLessThan(200);
    await e2e.checkView(page, 'note-outline-backlinks');
  });

  it('keeps working with a malformed link in a kept answer, on every load', async () => {
    e2e.model.script(turn(text(`Broken [here](#%E0%A4%A) (${size.name}), fine [[Seed list]].`)));
    const page = await e2e.open({ viewport: size });
    await page.goto('/');
    await waitForApp(page);
    await composer.mode(page, 'Search').click();
    await composer.search(page).fill(`Where is the seed list (${size.name})?`);
    await composer.search(page).press('Enter');
    const answer = activity(page)
      .getByRole('article', { name: 'Question' })
      .filter({ hasText: `(${size.name})` });
    await answer.getByText('here', { exact: true }).waitFor();
    // The default view on the next load holds the answer: it must still render, and the app still work.
    await page.reload();
    await waitForApp(page);
    const kept = activity(page)
      .getByRole('article', { name: 'Question' })
      .filter({ hasText: `(${size.name})` });
    expect(await kept.getByText('here', { exact: true }).getAttribute('data-dead-link')).toBe('');
    await kept.getByRole('link', { name: 'Seed list' }).waitFor();
    await showTree(page);
    for (const folder of ['projects', 'projects/garden']) {
      const row = treeRow(page, folder);
      if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
    }
    await treeRow(page, 'projects/garden/Seed list.md').click();
    await fileView(page, 'projects/garden/Seed list.md').getByText('Charlotte').waitFor();
  });
});
