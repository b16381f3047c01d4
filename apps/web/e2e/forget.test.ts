import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileView, waitForApp } from './harness/app.js';
import { SIZES } from './harness/browser.js';
import { useKnower } from './harness/knower-e2e.js';
import { GARDEN } from './harness/seed-vault.js';

// Forgetting from the app: a file from its view, a text from the help dialog; each a dry run
// first, then the forget, then the banner that confirms or restores the backup.

const KEYS = 'bucket/keys.md';
const DOOR = 'bucket/door.md';
const CODE = '8823-heron-gate';
const e2e = useKnower('forget', { ...GARDEN, [KEYS]: '# Keys\n\nThe safe opens with 4471.\n', [DOOR]: `# Door\n\nThe door code is ${CODE}.\n` });

const desktop = SIZES[1];

async function backupWaits(): Promise<unknown> {
  const res = await fetch(`${e2e.core.url}/forget`);
  return ((await res.json()) as { backup: unknown }).backup;
}

describe('forgetting from the app', () => {
  it('forgets a file from its view after showing what would change, then drops the backup from the banner', async () => {
    const page = await e2e.open({ viewport: desktop });
    await page.goto(`/#/file/${KEYS}`);
    await waitForApp(page);
    await fileView(page, KEYS).waitFor();

    await page.getByRole('button', { name: 'Forget this file…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forget this file' });
    await dialog.getByRole('button', { name: 'Show what would change' }).click();
    await dialog.getByText('Deletes 1 file').waitFor();
    await dialog.getByRole('listitem').filter({ hasText: KEYS }).first().waitFor();
    expect(existsSync(path.join(e2e.vaultPath, KEYS))).toBe(true);
    await e2e.checkView(page, 'forget-dry-run');

    await dialog.getByRole('button', { name: 'Forget', exact: true }).click();
    await dialog.getByText('Forgotten.').waitFor();
    expect(existsSync(path.join(e2e.vaultPath, KEYS))).toBe(false);
    await dialog.getByRole('button', { name: 'Done' }).click();

    const banner = page.getByRole('region', { name: 'Forget backup' });
    await banner.waitFor();
    expect(await backupWaits()).not.toBeNull();
    await e2e.checkView(page, 'forget-banner');
    await banner.getByRole('button', { name: 'Confirm…' }).click();
    await banner.getByRole('button', { name: 'Drop it for good' }).click();
    await page.getByRole('status').filter({ hasText: 'The backup is gone' }).waitFor();
    await banner.waitFor({ state: 'detached' });
    expect(await backupWaits()).toBeNull();
  });

  it('forgets a text typed into the dialog the help opens, then restores it from the banner', async () => {
    const page = await e2e.open({ viewport: desktop });
    await page.goto('/');
    await waitForApp(page);
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).first().click();
    await page.getByRole('button', { name: 'Forget a text…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forget a text' });
    await dialog.getByRole('textbox').fill(CODE);
    await dialog.getByRole('button', { name: 'Show what would change' }).click();
    await dialog.getByText('Takes it out of 1 file').waitFor();
    await dialog.getByRole('listitem').filter({ hasText: DOOR }).first().waitFor();
    expect(await e2e.readFile(DOOR)).toContain(CODE);

    await dialog.getByRole('button', { name: 'Forget', exact: true }).click();
    await dialog.getByText('Forgotten.').waitFor();
    expect(await e2e.readFile(DOOR)).not.toContain(CODE);
    expect(await e2e.readFile(DOOR)).toContain('[forgotten]');
    // The text leaves the page once forgotten.
    expect(await dialog.getByRole('textbox').inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Done' }).click();

    const banner = page.getByRole('region', { name: 'Forget backup' });
    await banner.getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('status').filter({ hasText: 'The backup is back' }).waitFor();
    expect(await e2e.readFile(DOOR)).toContain(CODE);
    expect(await backupWaits()).toBeNull();
  });
});
