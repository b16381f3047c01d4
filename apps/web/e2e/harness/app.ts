import type { Locator, Page } from 'playwright-core';

// The app as a user finds it: roles and labels, not class names. One place to adjust when the
// markup changes. Below 768 px the sidebar is a drawer: helpers that need it open it first.

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const isNarrow = (page: Page): boolean => (page.viewportSize()?.width ?? 1440) < 768;

const tree = (page: Page): Locator => page.getByRole('tree', { name: 'Vault files' });

/** One row of the sidebar tree, by its vault path (each row's title starts with the full path). */
export const treeRow = (page: Page, path: string): Locator =>
  tree(page)
    .getByRole('treeitem')
    .and(page.getByTitle(new RegExp(`^${escapeRegExp(path)}\\n`)));

/** Makes the tree visible: on a phone, opens the drawer that holds it. */
export async function showTree(page: Page): Promise<void> {
  if (isNarrow(page) && !(await tree(page).isVisible())) await page.getByRole('button', { name: 'Open the sidebar' }).click();
  await tree(page).waitFor();
}

/** Closes the drawer on a phone (the view under it is what the next step uses). */
export async function hideTree(page: Page): Promise<void> {
  if (isNarrow(page) && (await tree(page).isVisible())) {
    await page.keyboard.press('Escape');
    await tree(page).waitFor({ state: 'detached' });
  }
}

/** The open note in the file view (its article is labelled with the path). */
export const fileView = (page: Page, path: string): Locator => page.getByRole('article', { name: path, exact: true });

export const composer = {
  update: (page: Page) => page.getByRole('textbox', { name: 'Update: tell Knower something' }),
  search: (page: Page) => page.getByRole('textbox', { name: 'Search: ask your vault' }),
  answer: (page: Page) => page.getByRole('textbox', { name: 'Reply to the inbox item' }),
  mode: (page: Page, name: 'Update' | 'Search' | 'Answering') => page.getByRole('radiogroup', { name: 'Message mode' }).getByRole('radio', { name }),
};

export const activity = (page: Page): Locator => page.getByRole('log', { name: 'Activity' });

/** The inbox badge ("N pending", in the sidebar or the phone's top bar); absent when nothing is pending. */
export const inboxBadge = (page: Page): Locator => page.getByLabel(/^\d+\+? pending$/).first();

export const inboxNav = (page: Page): Locator => page.getByRole('button', { name: /^Inbox\b/ }).first();

export const pendingItems = (page: Page): Locator => page.getByRole('list', { name: 'Pending items' });

/** Marks the document, so a test can tell a live update from a reload (which would drop the mark). */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __knowerE2E?: boolean }).__knowerE2E = true;
  });
}

export const sameDocument = (page: Page): Promise<boolean> => page.evaluate(() => (window as unknown as { __knowerE2E?: boolean }).__knowerE2E === true);

/**
 * Waits until the open note shows `tokens` in its frontmatter and the header (and the tree row,
 * when the tree is on screen) shows the same count, and that count is `expected` when given: the
 * background job has rewritten the note after a change and the view and the tree have reloaded,
 * so screenshots show settled figures. Counts
 * under 1,000 only (the header abbreviates larger ones). The header hides them on a phone.
 */
export async function waitForSettledNote(page: Page, path: string, expected?: number): Promise<void> {
  await page.waitForFunction(
    ({ path, expected }) => {
      const note = document.querySelector(`article[aria-label="${CSS.escape(path)}"]`);
      const dt = [...(note?.querySelectorAll('dt') ?? [])].find((el) => el.textContent === 'tokens');
      const tokens = dt?.nextElementSibling?.textContent;
      if (!tokens || (expected !== undefined && tokens !== String(expected))) return false;
      // The tree, where it is on screen, has been refetched too (its rows are titled "path\nN tokens …").
      const row = [...document.querySelectorAll('[role="treeitem"]')].find((el) => el.getAttribute('title')?.startsWith(`${path}\n`));
      if (row && !row.getAttribute('title')!.includes(`\n${tokens} tokens`)) return false;
      return [...document.querySelectorAll('header span')].some((el) => el.textContent === `${tokens} tokens`);
    },
    { path, expected },
  );
}

/** Waits until the app is up: the tree's root loaded and the event stream live. */
export async function waitForApp(page: Page): Promise<void> {
  if (isNarrow(page)) {
    await page.getByRole('button', { name: 'Open the sidebar' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /^Live$/ })
      .waitFor({ state: 'attached' });
    return;
  }
  await tree(page).getByRole('treeitem').first().waitFor();
  await page
    .getByRole('status')
    .filter({ hasText: /^Live$/ })
    .waitFor();
}
