import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * A web page on another origin (another host name and port of this machine) that tries to
 * file an update into the vault: a form posted to the share target as the top-level page
 * (what a link or a script on any site can do), and the same post from a script in the page.
 */
export interface AttackerSite {
  /** http://localhost:<port>: a different origin from core's http://127.0.0.1:<port>. */
  url: string;
  close(): Promise<void>;
}

export async function startAttackerSite(coreURL: string, text: string): Promise<AttackerSite> {
  const html = `<!doctype html><html><body>
<h1>Free recipes</h1>
<form id="share" method="post" enctype="multipart/form-data" action="${coreURL}/share">
  <input name="text" value="${text} (form)">
</form>
<script>
  fetch(${JSON.stringify(`${coreURL}/share`)}, { method: 'POST', mode: 'no-cors', credentials: 'include', body: (() => { const f = new FormData(); f.append('text', ${JSON.stringify(`${text} (script)`)}); return f; })() })
    .finally(() => document.getElementById('share').submit());
</script>
</body></html>`;
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Opens the app once and waits until its service worker controls the page (installed and active). */
export async function installApp(page: Page): Promise<void> {
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/**
 * Visits the attacker's page in the same browser (same service worker, same cookies) and
 * waits until its form post has been answered. Resolves with the statuses core gave /share.
 */
export async function visitAttacker(context: BrowserContext, site: AttackerSite, coreURL: string): Promise<number[]> {
  const statuses: number[] = [];
  context.on('response', (response) => {
    if (response.url() === `${coreURL}/share` && response.request().method() === 'POST') statuses.push(response.status());
  });
  const page = await context.newPage();
  const answered = page.waitForResponse((r) => r.url() === `${coreURL}/share` && r.request().isNavigationRequest());
  await page.goto(site.url);
  await answered;
  await page.close();
  expect(statuses.length, 'the form post reached core').toBeGreaterThan(0);
  return statuses;
}
