import { readdir, readFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, waitForApp } from './harness/app.js';
import { installApp, startAttackerSite, visitAttacker, type AttackerSite } from './harness/attacker.js';
import { launchChromium, openApp } from './harness/browser.js';
import { text, turn } from './harness/fake-model.js';
import { useKnower } from './harness/knower-e2e.js';
import { GARDEN } from './harness/seed-vault.js';

const e2e = useKnower('share-target', GARDEN);
const PLANTED = 'PLANTED-BY-A-WEB-PAGE';

/** Every file of the vault with its text, to show nothing was written. */
async function vaultText(dir: string, rel = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(path.join(dir, rel), { withFileTypes: true })) {
    const child = path.join(rel, entry.name);
    if (entry.isDirectory()) out.push(...(await vaultText(dir, child)));
    else out.push(`${child}\n${await readFile(path.join(dir, child), 'utf8')}`);
  }
  return out;
}

/** A multipart POST with exactly these headers (the shape a share sheet's launch has). */
function postForm(url: string, fields: Record<string, string>, headers: Record<string, string>): Promise<{ status: number; location: string }> {
  const boundary = '----knowerShareLaunch';
  const body = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('')
    .concat(`--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location ?? '' });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const updateCount = async () => ((await (await fetch(`${e2e.core.url}/updates`)).json()) as { updates: unknown[] }).updates.length;

describe('the share target', () => {
  let browser: Browser;
  let site: AttackerSite;
  beforeAll(async () => {
    browser = await launchChromium();
    site = await startAttackerSite(e2e.core.url, PLANTED);
  });
  afterAll(async () => {
    await browser.close();
    await site.close();
  });

  it('a page on another origin files nothing, after the app was opened once (its service worker installed)', async () => {
    const { page, context } = await openApp(browser, e2e.core.url);
    await installApp(page);
    const before = { updates: await updateCount(), vault: await vaultText(e2e.vaultPath) };

    const statuses = await visitAttacker(context, site, e2e.core.url);
    // Both posts reached core as what they are (cross-site), not re-sent by the worker as the app's own.
    expect(statuses).toEqual([403, 403]);
    // Whatever had been accepted would be on the queue by now: the answer comes after it is saved.
    expect(await updateCount()).toBe(before.updates);
    expect(e2e.model.requests()).toEqual([]);
    const after = await vaultText(e2e.vaultPath);
    expect(after.join('\n')).not.toContain(PLANTED);
    expect(after).toEqual(before.vault);
    await context.close();
  });

  it("a launch from the phone's share sheet is filed and lands in the app", async () => {
    // Desktop Linux Chromium has no share sheet. What identifies a launch is what every
    // navigation the browser starts itself carries (Chromium opens the share target with
    // is_renderer_initiated = false): shown here on a navigation of this Chromium's own.
    const context = await browser.newContext({ baseURL: e2e.core.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    const navigation = await page.goto('/');
    const sent = await navigation!.request().allHeaders();
    expect(sent).toMatchObject({ 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' });

    e2e.model.script(turn(text('Kept the shared link about raised beds.')));
    // The launch's POST, with those headers and no usable Origin, as the share sheet sends it.
    // (node:http: fetch would put its own Sec-Fetch-Mode on the request.)
    const launch = await postForm(
      `${e2e.core.url}/share`,
      { title: 'Raised beds', url: 'https://example.org/beds' },
      {
        origin: 'null',
        accept: sent.accept ?? 'text/html',
        'sec-fetch-site': 'none',
        'sec-fetch-mode': 'navigate',
        'sec-fetch-dest': 'document',
      },
    );
    expect(launch.status).toBe(303);
    const location = launch.location;
    expect(location).toMatch(/^\/\?shared=[^&#]+#\/activity$/);
    await page.goto(location);
    await waitForApp(page);
    const update = activity(page).getByRole('article', { name: 'Update' }).last();
    await update
      .getByText(/Raised beds/)
      .first()
      .waitFor();
    expect(page.url()).toMatch(/\/#\/activity$/);
    await context.close();
  });
});
