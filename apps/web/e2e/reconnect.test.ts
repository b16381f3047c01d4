import { describe, expect, it } from 'vitest';
import { inboxBadge, markDocument, sameDocument, treeRow, waitForApp } from './harness/app.js';
import { useKnower } from './harness/knower-e2e.js';
import { GARDEN } from './harness/seed-vault.js';

// The service restarts (an upgrade, a crash): the open page reconnects by itself and catches up
// with what changed while it was away, without a reload.

const e2e = useKnower('reconnect', GARDEN);

describe('when the event stream drops', () => {
  it('reconnects by itself and refreshes the tree and the inbox', async () => {
    const page = await e2e.open();
    await page.goto('/#/file/projects/garden/description.md');
    await waitForApp(page);
    await markDocument(page);

    await e2e.restartCore(async () => {
      await page.getByRole('status').filter({ hasText: /Reconnecting/ }).waitFor();
      // Changes made while the service is down reach the page only through the refetch.
      await e2e.writeFile('projects/garden/while-away.md', '# While away\n\nThe hedge was trimmed.\n');
      await e2e.writeFile('inbox/hand-made/review.md', '# A question left by hand\n\nWhere does this go?\n');
    });

    await waitForApp(page);
    await treeRow(page, 'projects/garden/while-away.md').waitFor();
    await expect.poll(() => inboxBadge(page).textContent(), { timeout: 20_000 }).toBe('1');
    expect(await sameDocument(page), 'the page was reloaded').toBe(true);
  });
});
