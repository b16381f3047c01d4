import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { articlePage, startFixtureSite } from '../../../core/test/fakes/fixture-site.js';
import { textPdf } from '../../../core/test/helpers/pdf-bytes.js';
import { activity, composer, fileView, hideTree, markDocument, sameDocument, showTree, treeRow, waitForApp } from './harness/app.js';
import { waitForStatus } from './harness/activity.js';
import { SIZES } from './harness/browser.js';
import { useKnower } from './harness/knower-e2e.js';
import { GARDEN } from './harness/seed-vault.js';

// Capture from the app: a PDF and any other file dropped in the composer, a pasted link
// clipped, and the clip page the bookmarklet opens. Each ends as a note and its original, found
// by a word of its body, shown live in the tree and undoable. The service runs offline (no
// model): the update is filed as it came, so the notes are known in advance.

const site = await startFixtureSite({
  '/pelicans': {
    kind: 'body',
    type: 'text/html; charset=utf-8',
    body: articlePage({
      title: 'Pelicans of Lake Ohrid',
      author: 'Ana Petrova',
      site: 'Birding Weekly',
      paragraphs: ['The Dalmatian pelican returns each spring to the reed beds.', 'Observers counted 214 birds, a zanzibarite record for March.'],
    }),
  },
  '/herons': {
    kind: 'body',
    type: 'text/html; charset=utf-8',
    body: articlePage({ title: 'Herons of the Prespa lakes', paragraphs: ['Grey herons nest in the willows.', 'A quelvaric colony of 40 pairs was counted.'] }),
  },
});
afterAll(() => site.close());

const e2e = useKnower('capture', GARDEN, { coreEnv: () => ({ ANTHROPIC_API_KEY: '', KNOWER_FETCH_ALLOW: site.host }) });

type UpdateRecord = { id: string; status: string; files?: string[]; captures?: Array<{ kind: string; path?: string; note?: string; title?: string }> };

/** The newest update the service has, once it has ended (what the app shows, read from the API for its paths). */
async function lastUpdate(): Promise<UpdateRecord> {
  const { updates } = (await (await fetch(`${e2e.core.url}/updates`)).json()) as { updates: UpdateRecord[] };
  const newest = updates[0];
  if (!newest) throw new Error('no update recorded');
  return newest;
}

/** Drops files on the central zone as a person drags them in from the desktop. */
async function dropFiles(page: Page, files: Array<{ name: string; type: string; bytes: Buffer }>): Promise<void> {
  const transfer = await page.evaluateHandle(
    (list) => {
      const data = new DataTransfer();
      for (const { name, type, bytes } of list) data.items.add(new File([new Uint8Array(bytes)], name, { type }));
      return data;
    },
    files.map((f) => ({ name: f.name, type: f.type, bytes: [...f.bytes] })),
  );
  await page.dispatchEvent('main', 'dragenter', { dataTransfer: transfer });
  await page.dispatchEvent('main', 'drop', { dataTransfer: transfer });
}

const ZIP = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 3)]);

describe.each(SIZES)('capture in the app on a $name ($width×$height)', (size) => {
  it('a dropped PDF (and a zip) become a note with the PDF embedded, live in the tree, found by a word of the PDF, undone', async () => {
    const word = `marshwort${size.name}`;
    const pdf = await textPdf([`Field guide\nThe ${word} grows in the wet meadows.`, 'Second page\nKeys to the sedges.']);
    const page = await e2e.open({ viewport: size });
    await page.goto('/');
    await waitForApp(page);
    await markDocument(page);

    await dropFiles(page, [
      { name: `Field guide ${size.name}.pdf`, type: 'application/pdf', bytes: pdf },
      { name: 'survey data.zip', type: 'application/zip', bytes: ZIP },
    ]);
    const attached = page.getByRole('list', { name: 'Attached files' });
    await attached.getByText(`Field guide ${size.name}.pdf`).waitFor();
    await attached.getByText(/^PDF · /).waitFor();
    await attached.getByText(/^file · /).waitFor();
    await composer.update(page).fill(`Survey kit for the meadows (${size.name})`);
    await e2e.checkView(page, 'capture-attached');
    await composer.update(page).press('Enter');

    const update = activity(page)
      .getByRole('article', { name: 'Update' })
      .filter({ hasText: `Survey kit for the meadows (${size.name})` });
    await update.getByRole('list', { name: 'Sent with it' }).getByText(`Field guide ${size.name}.pdf`).waitFor();
    await waitForStatus(update, 'Done');
    const captured = update.getByRole('list', { name: 'Captured' });
    await captured.getByText('2 pages', { exact: false }).waitFor();
    const record = await lastUpdate();
    const pdfPath = record.captures?.find((c) => c.kind === 'pdf')?.path ?? '';
    const zipPath = record.captures?.find((c) => c.kind === 'file')?.path ?? '';
    const note = record.files?.find((f) => f.endsWith('.md') && f.startsWith('bucket/')) ?? '';
    expect([pdfPath, zipPath, note].every((p) => p.startsWith('bucket/'))).toBe(true);
    await captured.getByRole('link', { name: pdfPath }).waitFor();
    await captured.getByRole('link', { name: zipPath }).waitFor();
    await update.scrollIntoViewIfNeeded();
    await e2e.checkView(page, 'capture-pdf-done');

    // The tree follows without a reload: the note, the PDF and the zip beside it.
    await showTree(page);
    for (const rel of [note, pdfPath, zipPath]) await treeRow(page, rel).waitFor();
    expect(await sameDocument(page), 'the page was reloaded').toBe(true);
    await hideTree(page);

    // The note embeds the PDF: a way to open it in the browser's viewer, the raw bytes as they came.
    await update.getByRole('list', { name: 'Files changed' }).getByRole('link', { name: note }).click();
    const view = fileView(page, note);
    const embed = view.getByRole('group', { name: `Embedded PDF ${path.basename(pdfPath)}` });
    await embed.waitFor();
    const open = embed.getByRole('link', { name: 'Open the PDF' });
    expect(await open.getAttribute('target')).toBe('_blank');
    const raw = await fetch(new URL((await open.getAttribute('href')) ?? '', e2e.core.url));
    expect(raw.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await raw.arrayBuffer()).equals(pdf)).toBe(true);
    await view.getByText(`The ${word} grows in the wet meadows.`).waitFor();
    await view.getByRole('link', { name: path.basename(zipPath) }).waitFor();
    await e2e.checkView(page, 'capture-pdf-note');

    // The zip, opened from the tree: listed, and downloadable.
    await showTree(page);
    await treeRow(page, zipPath).click();
    await page.getByRole('heading', { name: path.basename(zipPath), level: 2 }).waitFor();
    await page.getByRole('link', { name: 'Download' }).waitFor();

    // A word only the PDF's body holds finds its note from the palette.
    await page.keyboard.press('Control+k');
    await page.keyboard.type(word);
    const results = page.getByRole('listbox', { name: 'Results' });
    const hit = results.getByRole('option', { name: new RegExp(path.basename(note).replace(/[.]/g, '\\.')) }).filter({ has: page.locator('mark', { hasText: new RegExp(word, 'i') }) });
    await hit.first().waitFor();
    await page.keyboard.press('Escape');

    // Undone from the Activity: the note and both files leave the vault and the tree.
    await page.goto('/#/activity');
    await waitForApp(page);
    await update.getByRole('button', { name: 'Undo' }).click();
    await update.getByRole('status').filter({ hasText: 'Undone' }).waitFor();
    for (const rel of [note, pdfPath, zipPath]) expect(existsSync(path.join(e2e.vaultPath, rel)), rel).toBe(false);
    await showTree(page);
    await treeRow(page, note).waitFor({ state: 'detached' });
  });

  it('a pasted link is offered as a clip, sent as one, and the clip note carries its title', async () => {
    const page = await e2e.open({ viewport: size });
    await page.goto('/');
    await waitForApp(page);
    const input = composer.update(page);
    const link = `${site.origin}/pelicans`;
    await input.fill(`${link} for the spring trip (${size.name})`);
    const offer = page.getByRole('button', { name: 'Send as text' });
    await page.getByText('Clip this page').waitFor();
    await e2e.checkView(page, 'capture-clip-offer');
    // One click sends it as plain text instead; another brings the clip back.
    await offer.click();
    await page.getByText('Sent as text').waitFor();
    await page.getByRole('button', { name: 'Clip it instead' }).click();
    await page.getByText('Clip this page').waitFor();
    await input.press('Enter');

    const update = activity(page)
      .getByRole('article', { name: 'Update' })
      .filter({ hasText: `for the spring trip (${size.name})` });
    await update
      .getByRole('list', { name: 'Sent with it' })
      .getByRole('link', { name: /pelicans/ })
      .waitFor();
    await waitForStatus(update, 'Done');
    const captured = update.getByRole('list', { name: 'Captured' });
    await captured.getByText('Pelicans of Lake Ohrid').waitFor();
    const record = await lastUpdate();
    const clip = record.captures?.[0];
    expect(clip).toMatchObject({ kind: 'page', title: 'Pelicans of Lake Ohrid' });
    const note = clip?.path ?? '';
    await showTree(page);
    await treeRow(page, note).waitFor();
    await hideTree(page);
    await update.scrollIntoViewIfNeeded();
    await e2e.checkView(page, 'capture-clip-done');
    await captured.getByRole('link', { name: note }).click();
    const view = fileView(page, note);
    await view.getByRole('heading', { name: 'Pelicans of Lake Ohrid', level: 1 }).waitFor();
    await view.getByText(`for the spring trip (${size.name})`).waitFor();
    await view.getByText(/zanzibarite record/).waitFor();
    expect(await e2e.readFile(note)).toContain(`source: "${link}"`);
  });

  it('the clip page shows what the bookmarklet sent, sends nothing until Confirm, then files it', async () => {
    const page = await e2e.open({ viewport: size });
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') posts.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    const before = (await (await fetch(`${e2e.core.url}/updates`)).json()) as { updates: unknown[] };
    const link = `${site.origin}/herons`;
    const query = new URLSearchParams({ url: link, title: 'Herons of the Prespa lakes', text: `Grey herons nest in the willows (${size.name}).` });
    await page.goto(`/clip?${query.toString()}`);
    const clipPage = page.getByRole('main');
    await clipPage.getByRole('heading', { name: 'Save to Knower' }).waitFor();
    await clipPage.getByText('Herons of the Prespa lakes').waitFor();
    await clipPage.getByRole('link', { name: link }).waitFor();
    await clipPage.getByText(`Grey herons nest in the willows (${size.name}).`).waitFor();
    await page.getByLabel(/Why are you saving it/).fill(`Compare with the pelican count (${size.name})`);
    await e2e.checkView(page, 'clip-page');
    // Everything is on screen and filled in: still nothing has been sent.
    expect(posts).toEqual([]);
    expect(((await (await fetch(`${e2e.core.url}/updates`)).json()) as { updates: unknown[] }).updates.length).toBe(before.updates.length);

    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/#\/activity$/);
    expect(posts).toEqual(['POST /update']);
    await waitForApp(page);
    const update = activity(page)
      .getByRole('article', { name: 'Update' })
      .filter({ hasText: `Compare with the pelican count (${size.name})` });
    await waitForStatus(update, 'Done');
    const record = await lastUpdate();
    const note = record.captures?.[0]?.path ?? '';
    const body = await e2e.readFile(note);
    expect(body).toContain('# Herons of the Prespa lakes');
    expect(body).toContain(`> Compare with the pelican count (${size.name})`);
    expect(body).toContain(`> > Grey herons nest in the willows (${size.name}).`);
    expect(body).toContain('quelvaric colony');
  });
});

describe('the bookmarklet', () => {
  it("is on the help, made for this Knower's own origin", async () => {
    const page = await e2e.open();
    await page.goto('/');
    await waitForApp(page);
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    const bookmarklet = help.getByRole('link', { name: 'Save to Knower' });
    await bookmarklet.waitFor();
    const href = (await bookmarklet.getAttribute('href')) ?? '';
    expect(href.startsWith('javascript:')).toBe(true);
    expect(href).toContain(JSON.stringify(`${e2e.core.url}/clip?`));
    await help.getByText('Drag this button to your bookmarks bar.', { exact: false }).waitFor();
    await e2e.checkView(page, 'help-bookmarklet');
  });
});

describe('a link that could not be captured', () => {
  it('files the link and the words, says why, and Try the link again captures it once the page answers', async () => {
    const page = await e2e.open();
    await page.goto('/');
    await waitForApp(page);
    const link = `${site.origin}/ospreys`;
    await composer.update(page).fill(`${link} osprey nest near the dam`);
    await page.getByText('Clip this page').waitFor();
    await composer.update(page).press('Enter');
    const first = activity(page).getByRole('article', { name: 'Update' }).filter({ hasText: 'osprey nest near the dam' }).first();
    await waitForStatus(first, 'Done');
    const retry = first.getByRole('list', { name: 'Captured' }).getByRole('button', { name: 'Try the link again' });
    await retry.waitFor();
    const failed = await lastUpdate();
    expect(failed.captures?.[0]).toMatchObject({ kind: 'page', problem: expect.stringMatching(/404/) });
    await e2e.checkView(page, 'capture-link-problem');

    // The page answers now: the retry undoes what the first try filed and captures the article.
    site.route('/ospreys', {
      kind: 'body',
      type: 'text/html; charset=utf-8',
      body: articlePage({ title: 'Ospreys at the dam', paragraphs: ['A pair of ospreys nests on the pylon.', 'They raised two fledglings, a trevalian season.'] }),
    });
    await retry.click();
    await first.getByText('Sent again (see below).').waitFor();
    const again = activity(page).getByRole('article', { name: 'Update' }).filter({ hasText: 'osprey nest near the dam' }).last();
    await waitForStatus(again, 'Done');
    await again.getByRole('list', { name: 'Captured' }).getByText('Ospreys at the dam').waitFor();
    const retried = await lastUpdate();
    expect(retried.captures?.[0]).toMatchObject({ kind: 'page', title: 'Ospreys at the dam' });
    expect(await e2e.readFile(retried.captures?.[0]?.path ?? '')).toContain('trevalian season');
  });
});
