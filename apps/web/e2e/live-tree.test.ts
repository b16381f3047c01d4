import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { showTree, treeRow, waitForApp } from './harness/app.js';
import { SIZES } from './harness/browser.js';
import { text, toolUse, turn } from './harness/fake-model.js';
import { useKnower } from './harness/knower-e2e.js';
import { GARDEN } from './harness/seed-vault.js';
import { settledRows, startTreeSampler, stopTreeSampler } from './harness/tree-sampler.js';

// The sidebar tree while folders appear and go, from the update agent and by hand: sampled every
// frame, it never draws a row twice, one row over another, a placeholder row, or a folder as a
// file; once the changes settle, its rows are exactly a fresh listing of the open folders.

const e2e = useKnower('live-tree', GARDEN);

async function openFolder(page: import('playwright-core').Page, folder: string): Promise<void> {
  const row = treeRow(page, folder);
  await row.waitFor();
  if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
  await page.waitForFunction((path) => [...document.querySelectorAll('[role="treeitem"][aria-expanded="true"]')].some((el) => el.getAttribute('title')?.startsWith(`${path}\n`)), folder);
}

describe.each(SIZES)('the live tree on a $name ($width×$height)', (size) => {
  it('shows folders made by the agent and by hand with no ghost row at any moment, and ends equal to a fresh listing', async () => {
    const agentFolder = `projects/beta-${size.name}`;
    const handFolder = `hand-made-${size.name}`;
    const page = await e2e.open({ viewport: size });
    await page.goto('/');
    await waitForApp(page);
    await showTree(page);
    await startTreeSampler(page, ['projects', agentFolder, handFolder, `${handFolder}/notes`, `${handFolder}/drafts`]);

    // The update agent makes a project folder with two notes.
    e2e.model.script(
      turn(toolUse('write', { path: `${agentFolder}/state.md`, content: '# Beta\n\nKick-off done.\n' }), toolUse('write', { path: `${agentFolder}/tasks.md`, content: '# Tasks\n\n- [ ] Plan\n' })),
      turn(text(`Started ${agentFolder}.`)),
    );
    const sent = await fetch(`${e2e.core.url}/update`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'Project beta started today.' }) });
    expect(sent.status).toBe(202);
    await treeRow(page, `${agentFolder}/tasks.md`).waitFor();

    // By hand: a folder with a subfolder, a burst of notes, then one subfolder removed again.
    const abs = (rel: string) => path.join(e2e.vaultPath, rel);
    await mkdir(abs(`${handFolder}/notes`), { recursive: true });
    await writeFile(abs(`${handFolder}/notes/first.md`), '# First\n');
    // A folder shown closed is opened as a person would (new folders open on their own only for a few additions at a time).
    await openFolder(page, handFolder);
    await openFolder(page, `${handFolder}/notes`);
    await treeRow(page, `${handFolder}/notes/first.md`).waitFor();
    await mkdir(abs(`${handFolder}/drafts`), { recursive: true });
    for (let i = 1; i <= 6; i++) await writeFile(abs(`${handFolder}/drafts/draft ${i}.md`), `# Draft ${i}\n`);
    await openFolder(page, `${handFolder}/drafts`);
    await treeRow(page, `${handFolder}/drafts/draft 6.md`).waitFor();
    await rm(abs(`${handFolder}/drafts`), { recursive: true });
    await treeRow(page, `${handFolder}/drafts`).waitFor({ state: 'detached' });

    const { drawn, fresh } = await settledRows(page, e2e.core.url);
    const sampled = await stopTreeSampler(page);
    expect(sampled.problems, 'what the tree drew at some moment').toEqual([]);
    expect(sampled.frames, 'frames sampled').toBeGreaterThan(20);
    expect(drawn, 'rows once the changes settled').toEqual(fresh);
    expect(drawn).toContain(`1:${agentFolder}`);
    expect(drawn).toContain(`1:${handFolder}/notes`);
    expect(e2e.model.toolErrors()).toEqual([]);
    // The header count follows too.
    const total = (await (await fetch(`${e2e.core.url}/vault/tree?path=`)).json()) as { total: { files: number } };
    await page.getByText(new RegExp(`^${total.total.files.toLocaleString('en-US')} files · `)).waitFor();
    await e2e.checkView(page, 'tree-live');
  });
});
