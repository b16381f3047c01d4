import { describe, expect, it } from 'vitest';
import { fileView, inboxBadge, markDocument, sameDocument, showTree, treeRow, waitForApp } from './harness/app.js';
import { SIZES } from './harness/browser.js';
import { useKnower } from './harness/knower-e2e.js';
import { GARDEN } from './harness/seed-vault.js';

// The service restarts (an upgrade, a crash): the open page reconnects by itself and catches up
// with what changed while it was away, without a reload.

const e2e = useKnower('reconnect', GARDEN);

describe.each(SIZES)('when the event stream drops, on a $name ($width×$height)', (size) => {
  it('shows a clear banner while down, then reconnects by itself and refreshes the tree, the inbox and the open note', async () => {
    const page = await e2e.open({ viewport: size });
    const away = `projects/garden/while-away-${size.name}.md`;
    await page.goto('/#/file/projects/garden/description.md');
    await waitForApp(page);
    await fileView(page, 'projects/garden/description.md').getByRole('heading', { name: 'Garden' }).waitFor();
    await markDocument(page);

    await e2e.restartCore(async () => {
      await page
        .getByRole('status')
        .filter({ hasText: /Reconnecting/ })
        .waitFor();
      await page.getByRole('alert').filter({ hasText: "Knower can't be reached" }).waitFor();
      await e2e.checkView(page, 'offline-banner');
      // Changes made while the service is down reach the page only through the refetch.
      await e2e.writeFile(away, '# While away\n\nThe hedge was trimmed.\n');
      await e2e.writeFile(`inbox/hand-made-${size.name}/review.md`, '# A question left by hand\n\nWhere does this go?\n');
      const description = await e2e.readFile('projects/garden/description.md');
      await e2e.writeFile('projects/garden/description.md', description.replace('## Rules of thumb', `## Edited while away (${size.name})\n\n## Rules of thumb`));
    });

    await waitForApp(page);
    await page.getByRole('alert').filter({ hasText: "Knower can't be reached" }).waitFor({ state: 'detached' });
    await fileView(page, 'projects/garden/description.md')
      .getByRole('heading', { name: `Edited while away (${size.name})` })
      .waitFor();
    await showTree(page);
    await treeRow(page, away).waitFor();
    await expect.poll(() => inboxBadge(page).textContent(), { timeout: 20_000 }).toBe(size.name === 'phone' ? '1' : '2');
    expect(await sameDocument(page), 'the page was reloaded').toBe(true);
  });
});
