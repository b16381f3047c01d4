import { describe, expect, it } from 'vitest';
import { activity, composer, fileView, showTree, waitForApp } from './harness/app.js';
import { SIZES } from './harness/browser.js';
import { text, toolUse, turn } from './harness/fake-model.js';
import { useKnower } from './harness/knower-e2e.js';
import { GARDEN } from './harness/seed-vault.js';
import { smallTargets } from './harness/tap-targets.js';

// On a phone: every control is big enough for a finger, right-to-left lists stay on the screen,
// and files found by the tree's filter show their whole names.

const RTL = `# قائمة

1. الطماطم في السرير الأول
2. الفاصوليا في السرير الثاني
3. الخس في السرير الثالث

- [[state]]
`;

const e2e = useKnower('phone', {
  ...GARDEN,
  'projects/garden/ملاحظات عربية.md': RTL,
  'projects/garden/Seed catalogue for the spring planting season.md': '# Seeds\n',
});
const phone = SIZES[0];

describe('the app on a phone (390×844)', () => {
  it('gives every control a 44 px target in each view', async () => {
    e2e.model.script(turn(toolUse('read', { path: 'projects/garden/state.md' })), turn(text('Filed.')));
    const page = await e2e.open({ viewport: phone });
    await page.goto('/');
    await waitForApp(page);
    await composer.update(page).fill('The beds are mulched.');
    await composer.update(page).press('Enter');
    await activity(page).getByText('Filed.').waitFor();
    const found: Record<string, string[]> = {};
    found.activity = await smallTargets(page);
    await showTree(page);
    found.drawer = await smallTargets(page);
    await page.keyboard.press('Escape');
    await page.goto('/#/file/projects/garden/state.md');
    await fileView(page, 'projects/garden/state.md').getByRole('heading', { name: 'State' }).waitFor();
    found.file = await smallTargets(page);
    await page.goto('/#/inbox');
    await page.getByRole('heading', { name: 'Inbox', exact: true, level: 1 }).waitFor();
    found.inbox = await smallTargets(page);
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Find a note by name or text' }).fill('state');
    await page.getByRole('listbox', { name: 'Results' }).getByRole('option').first().waitFor();
    found.switcher = await smallTargets(page);
    expect(found).toEqual({ activity: [], drawer: [], file: [], inbox: [], switcher: [] });
  });

  it('keeps a right-to-left numbered list on the screen', async () => {
    const page = await e2e.open({ viewport: phone });
    await page.goto('/#/file/projects/garden/%D9%85%D9%84%D8%A7%D8%AD%D8%B8%D8%A7%D8%AA%20%D8%B9%D8%B1%D8%A8%D9%8A%D8%A9.md');
    const note = fileView(page, 'projects/garden/ملاحظات عربية.md');
    const list = note.locator('ol');
    await list.waitFor();
    expect(await list.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    // The numbers sit in the list's padding on the right, inside the screen.
    const [padRight, right] = await list.evaluate((el) => [parseFloat(getComputedStyle(el).paddingRight), el.getBoundingClientRect().right]);
    expect(padRight).toBeGreaterThan(15);
    expect(right).toBeLessThanOrEqual(phone.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await e2e.checkView(page, 'rtl-list');
  });

  it('shows the whole name of a file the filter finds, its folder under it', async () => {
    const page = await e2e.open({ viewport: phone });
    await page.goto('/');
    await waitForApp(page);
    await showTree(page);
    await page.getByRole('textbox', { name: 'Filter files by name or path' }).fill('catalogue');
    const row = page.getByRole('treeitem').filter({ hasText: 'Seed catalogue' });
    await row.waitFor();
    const name = row.getByText('Seed catalogue for the spring planting season.md');
    // Shown whole (over two lines if need be), not cut after a few characters.
    const [scrollW, clientW, scrollH, clientH] = await name.evaluate((el) => [el.scrollWidth, el.clientWidth, el.scrollHeight, el.clientHeight]);
    expect(scrollW).toBeLessThanOrEqual(clientW);
    expect(scrollH).toBeLessThanOrEqual(clientH);
    await row.getByText('projects/garden', { exact: true }).waitFor();
    await e2e.checkView(page, 'tree-filter');
  });
});
