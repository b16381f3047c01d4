import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForApp } from './harness/app.js';
import { installApp } from './harness/attacker.js';
import { launchChromium, openApp } from './harness/browser.js';
import { answeredStatuses } from './harness/core-log.js';
import { useKnower } from './harness/knower-e2e.js';
import { GARDEN } from './harness/seed-vault.js';

// A page the person visits, without a token set, loops searches at Knower with `no-cors` fetches:
// it cannot read the answers, but each one would queue a search ahead of the person's own. Core
// must refuse them before any search runs. Core's log (at info, every request with its status)
// says what core did with each, whatever the browser makes of an opaque answer.

const e2e = useKnower('cross-site-reads', GARDEN, { coreEnv: () => ({ KNOWER_LOG_LEVEL: 'info' }) });
const LOOPS = 30;
/** Frames load one after another, each far slower than a fetch: fewer make the same point. */
const FRAMES = 8;

/** Serves the looping page, and a link to the app, on a port of its own. */
async function startFloodSite(coreURL: string): Promise<{ port: number; close(): Promise<void> }> {
  const html = `<!doctype html><html><body>
<h1>Cat pictures</h1>
<a id="open" href="${coreURL}/">Open my notes</a>
<script>
  (async () => {
    const params = new URLSearchParams(location.search);
    const tag = params.get('tag');
    const loops = params.get('via') === 'frame' ? ${FRAMES} : ${LOOPS};
    for (let i = 0; i < loops; i++) {
      const url = ${JSON.stringify(coreURL)} + '/vault/search?q=flood-' + tag + '-' + i + '&mode=deep';
      if (params.get('via') !== 'frame') {
        await fetch(url, { mode: 'no-cors' }).catch(() => undefined);
        continue;
      }
      // A hidden frame: never shown (core's pages refuse framing), but loading it is a request.
      const frame = document.createElement('iframe');
      frame.hidden = true;
      await new Promise((loaded) => { frame.onload = loaded; frame.src = url; document.body.append(frame); });
      frame.remove();
    }
    document.title = 'done';
  })();
</script>
</body></html>`;
  const server: Server = createServer((_req, res) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Core's answers to the page's searches, once it has logged an answer to each. */
async function floodAnswers(tag: string, count = LOOPS): Promise<number[]> {
  for (let tries = 0; ; tries++) {
    const statuses = await answeredStatuses(e2e.core.logFile, `/vault/search?q=flood-${tag}-`);
    if ((statuses.length === count && !statuses.includes(0)) || tries === 100) return statuses;
    await new Promise((resolve) => setTimeout(resolve, 100)); // polling the log file, not a wait for correctness
  }
}

describe('a page of another site or port looping searches', () => {
  let browser: Browser;
  let site: Awaited<ReturnType<typeof startFloodSite>>;
  beforeAll(async () => {
    browser = await launchChromium();
    site = await startFloodSite(e2e.core.url);
  });
  afterAll(async () => {
    await browser.close();
    await site.close();
  });

  /** Follows the page's link to the app and waits for the app; true when the app's worker answered. */
  async function followLink(page: Page): Promise<boolean> {
    const opened = page.waitForResponse((r) => r.url() === `${e2e.core.url}/` && r.request().isNavigationRequest());
    await page.getByRole('link', { name: 'Open my notes' }).click();
    const viaWorker = (await opened).fromServiceWorker();
    await page.waitForURL(`${e2e.core.url}/`);
    await waitForApp(page);
    return viaWorker;
  }

  it.each([
    // Chromium calls 127.0.0.1 on another port the same site (another origin), localhost another site.
    ['another port of 127.0.0.1 (same-site)', 'port', (port: number) => `http://127.0.0.1:${port}/?tag=port`],
    ['localhost (cross-site)', 'host', (port: number) => `http://localhost:${port}/?tag=host`],
  ])('from %s: every search reaches core and is refused before it runs; its link still opens the app', async (_name, tag, url) => {
    const { page, context } = await openApp(browser, e2e.core.url);
    await page.goto(url(site.port));
    await page.waitForFunction(() => document.title === 'done', undefined, { timeout: 60_000 });
    expect(await floodAnswers(tag)).toEqual(Array.from({ length: LOOPS }, () => 403));
    expect(await followLink(page)).toBe(false);
    await context.close();
  });

  it('in hidden frames, where the app is installed: refused too, while the app searches and the link opens it through its worker', async () => {
    const { page, context } = await openApp(browser, e2e.core.url);
    await installApp(page);
    const own = await page.evaluate(() => fetch('/vault/search?q=own-search-garden').then((r) => r.status));
    expect(own).toBe(200);
    expect(await answeredStatuses(e2e.core.logFile, '/vault/search?q=own-search-garden')).toEqual([200]);

    // From another port: the same site, so the app's service worker is the frames' own.
    await page.goto(`http://127.0.0.1:${site.port}/?tag=frame&via=frame`);
    await page.waitForFunction(() => document.title === 'done', undefined, { timeout: 60_000 });
    expect(await floodAnswers('frame', FRAMES)).toEqual(Array.from({ length: FRAMES }, () => 403));
    // The worker re-sends the link's navigation, which reaches core without its destination.
    expect(await followLink(page)).toBe(true);
    await context.close();
  });
});
