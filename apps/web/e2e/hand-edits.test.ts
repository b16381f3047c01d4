import { describe, expect, it } from 'vitest';
import { fileView, markDocument, sameDocument, treeRow, waitForApp, waitForSettledNote } from './harness/app.js';
import { useKnower } from './harness/knower-e2e.js';
import { GARDEN } from './harness/seed-vault.js';

// The vault is also edited by hand (VS Code, git): what changes on disk shows up live. This file
// also runs in the dark theme, for its screenshot.

// KNOWER_FRONTMATTER=all: the job stamps every note. (By default a vault that already holds
// notes at its first start is the person's own, and the job leaves their notes' fields alone.)
const e2e = useKnower('hand-edits', GARDEN, { coreEnv: () => ({ KNOWER_FRONTMATTER: 'all' }) });

describe('edits made on disk outside the browser', () => {
  it('update the open file view and the tree, in the dark theme', async () => {
    const page = await e2e.open({ colorScheme: 'dark' });
    await page.goto('/#/file/projects/garden/description.md');
    await waitForApp(page);
    const note = fileView(page, 'projects/garden/description.md');
    await note.getByRole('table').waitFor();
    await markDocument(page);

    const before = await e2e.readFile('projects/garden/description.md');
    await e2e.writeFile('projects/garden/description.md', before.replace('## Rules of thumb', '## Harvest log\nGarlic in bed 4 since March: see [harvest](harvest.md).\n\n## Rules of thumb'));
    await note.getByRole('heading', { name: 'Harvest log' }).waitFor();

    await e2e.writeFile('projects/garden/harvest.md', '# Harvest\n\n| Date | Crop | Weight |\n| --- | --- | --- |\n| 2025-07-02 | Garlic | 4.2 kg |\n');
    await treeRow(page, 'projects/garden/harvest.md').waitFor();
    expect(await sameDocument(page), 'the page was reloaded').toBe(true);

    // The job recounts the edited note's tokens on disk; the new count reaches the view and the listing.
    const seeded = tokensOf(before);
    await expect.poll(async () => tokensOf(await e2e.readFile('projects/garden/description.md')), { timeout: 20_000 }).not.toBe(seeded);
    await waitForSettledNote(page, 'projects/garden/description.md', tokensOf(await e2e.readFile('projects/garden/description.md')));
    const canvas = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(luminance(canvas), `body background ${canvas} in the dark theme`).toBeLessThan(0.1);
    await e2e.checkView(page, 'file-view-hand-edited');
  });
});

const tokensOf = (note: string) => Number(/^tokens: (\d+)$/m.exec(note)?.[1]);

/** Relative luminance (0 black … 1 white) of a CSS rgb()/rgba() colour. */
function luminance(color: string): number {
  const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((c) => {
    const v = Number(c) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 1) + 0.7152 * (g ?? 1) + 0.0722 * (b ?? 1);
}
