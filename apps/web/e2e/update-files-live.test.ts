import { describe, expect, it } from 'vitest';
import { activity, composer, fileView, hideTree, markDocument, sameDocument, showTree, treeRow, waitForApp, waitForSettledNote } from './harness/app.js';
import { SIZES } from './harness/browser.js';
import { text, toolUse, turn, turnFrom, updateIdOf } from './harness/fake-model.js';
import { useKnower } from './harness/knower-e2e.js';
import { GARDEN } from './harness/seed-vault.js';

// Moment 1: send information → it is filed into the vault, and the tree changes live.

const e2e = useKnower('update', GARDEN);

const GARLIC = `---
created: 2025-03-14T09:26:00Z
---
# Garlic

Three rows planted in **bed 4** on 14 March, 15 cm apart.

- Variety: Germidour
- Harvest expected: July
- [ ] Mulch with straw after the first frost
`;

describe.each(SIZES)('moment 1 on a $name ($width×$height): an update is filed and the tree follows', (size) => {
  it('shows the new file in the tree without a reload, and the activity ends done with its summary and link', async () => {
    // One core serves both sizes: each files its own note.
    const note = `projects/garden/garlic-${size.name}.md`;
    e2e.model.script(
      turn(toolUse('read', { path: 'projects/garden/changelog.md' })),
      turnFrom((req) => [
        toolUse('write', { path: note, content: GARLIC }),
        toolUse('append', {
          path: 'projects/garden/changelog.md',
          content: `## 2025-03-14 09:26 UTC · update ${updateIdOf(req)}\n- Added ${note}: three rows of garlic in bed 4`,
          position: 'top',
        }),
      ]),
      turn(text(`Filed the garlic planting into ${note} and logged it.`)),
    );
    const page = await e2e.open({ viewport: size });
    await page.goto('/');
    await waitForApp(page);
    await markDocument(page);
    await e2e.checkView(page, 'activity-empty');
    await showTree(page);
    if (size.width < 768) await e2e.checkView(page, 'drawer');
    expect(await treeRow(page, note).count()).toBe(0);
    await hideTree(page);

    const input = composer.update(page);
    await input.fill('Planted three rows of garlic in bed 4 today (Germidour). Harvest expected in July.');
    await input.press('Enter');

    // The agent's write reaches the tree through the event stream: its folders open to show it.
    const update = activity(page).getByRole('article', { name: 'Update' }).last();
    if (size.width >= 768) await treeRow(page, note).waitFor();
    await update.getByText('Done', { exact: true }).waitFor();
    await update.getByText('Filed the garlic planting').waitFor();
    await e2e.checkView(page, 'activity-update-done');
    await showTree(page);
    await treeRow(page, note).waitFor();
    await hideTree(page);
    const link = update.getByRole('list', { name: 'Files changed' }).getByRole('link', { name: note });
    await link.waitFor();
    expect(await sameDocument(page), 'the page was reloaded').toBe(true);
    expect(e2e.model.toolErrors()).toEqual([]);
    expect(e2e.model.remaining()).toBe(0);
    expect(await e2e.readFile(note)).toContain('Three rows planted');

    await link.click();
    const view = fileView(page, note);
    await view.getByRole('heading', { name: 'Garlic' }).waitFor();
    await view.getByText('Harvest expected: July').waitFor();
    expect(page.url()).toMatch(new RegExp(`#/file/projects/garden/garlic-${size.name}\\.md$`));
    await waitForSettledNote(page, note);
    await e2e.checkView(page, 'file-view');
    await showTree(page);
    expect(await treeRow(page, note).getAttribute('aria-selected')).toBe('true');
  });
});
