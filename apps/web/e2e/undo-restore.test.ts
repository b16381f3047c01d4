import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileView, waitForApp } from './harness/app.js';
import { sendUpdate, waitForStatus } from './harness/activity.js';
import { SIZES } from './harness/browser.js';
import { text, toolUse, turn } from './harness/fake-model.js';
import { useKnower } from './harness/knower-e2e.js';
import { GARDEN } from './harness/seed-vault.js';

// Every change the agent makes can be reviewed and undone from Activity, and every note can go
// back to an earlier version from its History.

const e2e = useKnower('undo', GARDEN);

/** Waits until the history has committed a hand edit of `rel` (the watcher saw it, the quiet time passed). */
async function handEditCommitted(rel: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await fetch(`${e2e.core.url}/vault/history?path=${encodeURIComponent(rel)}&limit=1`);
        const body = (await res.json()) as { versions?: Array<{ kind: string }> };
        return body.versions?.[0]?.kind;
      },
      { timeout: 20_000 },
    )
    .toBe('hand');
}

describe.each(SIZES)('undo and restore on a $name ($width×$height)', (size) => {
  it('undoes an update, then puts it back', async () => {
    const note = `projects/garden/gate-${size.name}.md`;
    e2e.model.script(turn(toolUse('write', { path: note, content: '# Gate\n\nThe latch is fixed.\n' })), turn(text(`Noted the gate repair in ${note}.`)));
    const page = await e2e.open({ viewport: size });
    await page.goto('/');
    await waitForApp(page);
    const update = await sendUpdate(page, `Fixed the gate latch (${size.name})`);
    await waitForStatus(update, 'Done');
    expect(existsSync(path.join(e2e.vaultPath, note))).toBe(true);

    await update.getByRole('button', { name: 'Undo' }).click();
    await update.getByRole('status').filter({ hasText: 'Undone' }).waitFor();
    await update.getByText(new RegExp(`Reverted \\d+ files?: .*${note.replace(/[.]/g, '\\.')}`)).waitFor();
    expect(existsSync(path.join(e2e.vaultPath, note))).toBe(false);
    await update.scrollIntoViewIfNeeded();
    await e2e.checkView(page, 'activity-undo-done');

    // The undo is itself a change in the history: undoing it puts the update back.
    await update.getByRole('button', { name: 'Put it back' }).click();
    await update.getByText("Put back: the update's changes are in the vault again.").waitFor();
    expect(await e2e.readFile(note)).toContain('The latch is fixed.');
    await update.getByRole('button', { name: 'Undo' }).waitFor();
    expect(e2e.model.remaining()).toBe(0);
  });

  it("shows an undo that meets a hand edit as partial, linking the inbox item; the note's History restores an earlier version", async () => {
    const note = `projects/garden/trellis-${size.name}.md`;
    e2e.model.script(turn(toolUse('write', { path: note, content: '# Trellis\n\nCedar, two metres tall.\n' })), turn(text(`Filed the trellis into ${note}.`)));
    const page = await e2e.open({ viewport: size });
    await page.goto('/');
    await waitForApp(page);
    const update = await sendUpdate(page, `Ordered a cedar trellis (${size.name})`);
    await waitForStatus(update, 'Done');

    // The person edits the note by hand afterwards: the undo must not overwrite that.
    const written = await e2e.readFile(note);
    await e2e.writeFile(note, written.replace('Cedar, two metres tall.', 'Cedar, two metres tall. Painted green by hand.'));
    await handEditCommitted(note);

    await update.getByRole('button', { name: 'Undo' }).click();
    const outcome = update.getByRole('alert').filter({ hasText: 'Partly undone' });
    await outcome.waitFor();
    await outcome.getByRole('list', { name: 'Not reverted' }).getByText(note).waitFor();
    expect(await e2e.readFile(note)).toContain('Painted green by hand.');
    await outcome.scrollIntoViewIfNeeded();
    await e2e.checkView(page, 'activity-undo-conflict');
    await outcome.getByRole('link', { name: 'Open the inbox item that explains it' }).click();
    const item = page.getByRole('article', { name: new RegExp(`^Undo not applied in full: ${note}`) });
    await item.getByText('Undo would have deleted this file. It is left as it is.').waitFor();
    expect(page.url()).toMatch(/#\/inbox\/undo-/);

    // The note's History: who changed it and when, the diff, and Restore.
    await page.goto(`/#/file/${note}`);
    await fileView(page, note).getByText('Painted green by hand.').waitFor();
    await page.getByRole('button', { name: 'History of this note' }).click();
    const versions = page.getByRole('listitem').filter({ has: page.getByText(/^(Hand edit|Update \S+)$/) });
    const hand = versions.filter({ hasText: 'Hand edit' }).first();
    const byUpdate = versions.filter({ hasText: /^Update / }).first();
    await hand.getByText('current version').waitFor();
    await hand.getByRole('button', { name: 'Changes' }).click();
    await hand.getByRole('region').locator('ins').filter({ hasText: 'Painted green by hand.' }).waitFor();
    await e2e.checkView(page, 'note-history');

    await byUpdate.getByRole('button', { name: 'Restore this version' }).click();
    await byUpdate.getByText(/^Restored\./).waitFor();
    expect(await e2e.readFile(note)).not.toContain('Painted green');
    await page
      .getByRole('listitem')
      .filter({ hasText: /^Restore/ })
      .first()
      .getByText('current version')
      .waitFor();
    expect(e2e.model.remaining()).toBe(0);
  });
});
