import { describe, expect, it } from 'vitest';
import { activity, composer, fileView, markDocument, sameDocument, treeRow, waitForApp, waitForSettledNote } from './harness/app.js';
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

describe('moment 1: an update is filed and the tree follows', () => {
  it('shows the new file in the tree without a reload, and the activity ends done with its link', async () => {
    e2e.model.script(
      turn(toolUse('read', { path: 'projects/garden/changelog.md' })),
      turnFrom((req) => [
        toolUse('write', { path: 'projects/garden/garlic.md', content: GARLIC }),
        toolUse('append', {
          path: 'projects/garden/changelog.md',
          content: `## 2025-03-14 09:26 UTC · update ${updateIdOf(req)}\n- Added projects/garden/garlic.md: three rows of garlic in bed 4`,
          position: 'top',
        }),
      ]),
      turn(text('Filed the garlic planting into projects/garden/garlic.md and logged it.')),
    );
    const page = await e2e.open();
    await page.goto('/');
    await waitForApp(page);
    await markDocument(page);
    expect(await treeRow(page, 'projects/garden/garlic.md').count()).toBe(0);

    const input = composer.update(page);
    await input.fill('Planted three rows of garlic in bed 4 today (Germidour). Harvest expected in July.');
    await input.press('Enter');

    // The agent's write reaches the tree through the event stream: its folders open to show it.
    await treeRow(page, 'projects/garden/garlic.md').waitFor();
    const update = activity(page).getByRole('article', { name: 'Update' });
    await update.getByText('Done', { exact: true }).waitFor();
    const link = update.getByRole('list', { name: 'Files changed' }).getByRole('link', { name: 'projects/garden/garlic.md' });
    await link.waitFor();
    expect(await sameDocument(page), 'the page was reloaded').toBe(true);
    expect(e2e.model.toolErrors()).toEqual([]);
    expect(e2e.model.remaining()).toBe(0);
    expect(await e2e.readFile('projects/garden/garlic.md')).toContain('Three rows planted');

    await link.click();
    const note = fileView(page, 'projects/garden/garlic.md');
    await note.getByRole('heading', { name: 'Garlic' }).waitFor();
    await note.getByText('Harvest expected: July').waitFor();
    expect(page.url()).toMatch(/#\/file\/projects\/garden\/garlic\.md$/);
    expect(await treeRow(page, 'projects/garden/garlic.md').getAttribute('aria-selected')).toBe('true');
    await waitForSettledNote(page, 'projects/garden/garlic.md');
    await e2e.screenshot(page, 'tree-and-file-view');
  });
});
