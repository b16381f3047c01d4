import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { activity, composer, waitForApp } from './harness/app.js';
import { installApp, startAttackerSite, visitAttacker } from './harness/attacker.js';
import { launchChromium, openApp } from './harness/browser.js';
import { text, toolUse, turn, turnFrom, updateIdOf } from './harness/fake-model.js';
import { useKnower } from './harness/knower-e2e.js';
import { GARDEN } from './harness/seed-vault.js';

// With KNOWER_TOKEN set (a phone, a remote setup), the browser signs in once at /login.

const TOKEN = 'c91d5e2b7f04a8e36d1b9c5f2a7e0d48';
const e2e = useKnower('sign-in', GARDEN, { coreEnv: () => ({ KNOWER_TOKEN: TOKEN }) });

const signIn = async (page: import('playwright-core').Page, token: string) => {
  const field = page.getByLabel('Access token');
  await field.fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

describe('signing in with the token', () => {
  it('takes the browser from the sign-in page into the app, where an update goes through', async () => {
    const page = await e2e.open();
    await page.goto('/');
    await page.waitForURL(/\/login$/);
    await e2e.checkView(page, 'sign-in');

    await signIn(page, 'not-the-token-0000000000000000');
    await page.getByRole('alert').filter({ hasText: 'That is not the token' }).waitFor();

    const signedIn = page.waitForResponse((r) => r.url() === `${e2e.core.url}/login` && r.request().method() === 'POST');
    await signIn(page, TOKEN);
    // The form is posted from the app's own origin: the browser says so, and core takes it.
    const answer = await signedIn;
    expect(answer.status()).toBe(303);
    expect((await answer.request().allHeaders()).origin).toBe(e2e.core.url);
    await page.waitForURL(/\/(#\/activity)?$/);
    await waitForApp(page);

    const note = 'projects/garden/onions.md';
    e2e.model.script(
      turnFrom((req) => [
        toolUse('write', { path: note, content: '# Onions\n\nTwo rows of red onions in bed 2.\n' }),
        toolUse('append', { path: 'projects/garden/changelog.md', content: `## update ${updateIdOf(req)}\n- Added ${note}`, position: 'top' }),
      ]),
      turn(text(`Filed the onions into ${note}.`)),
    );
    const input = composer.update(page);
    await input.fill('Planted two rows of red onions in bed 2.');
    await input.press('Enter');
    const update = activity(page).getByRole('article', { name: 'Update' }).last();
    await update.getByText('Done', { exact: true }).waitFor();
    await update.getByText('Filed the onions').waitFor();
    expect(await e2e.readFile(note)).toContain('Two rows of red onions');
    // The session is a cookie page scripts cannot read, and it is not the token.
    const cookies = await page.context().cookies();
    expect(cookies.map((c) => [c.name, c.httpOnly, c.sameSite])).toEqual([['knower_session', true, 'Strict']]);
    expect(cookies[0]?.value).not.toContain(TOKEN);
    expect(await page.evaluate(() => document.cookie)).toBe('');
  });

  it('a page on another origin files nothing, even in a signed-in browser with the app installed', async () => {
    const browser = await launchChromium();
    const site = await startAttackerSite(e2e.core.url, 'PLANTED-WHILE-SIGNED-IN');
    try {
      const { page, context } = await openApp(browser, e2e.core.url);
      await page.goto('/login');
      await signIn(page, TOKEN);
      await waitForApp(page);
      await installApp(page);
      const before = ((await (await fetch(`${e2e.core.url}/updates`, { headers: { authorization: `Bearer ${TOKEN}` } })).json()) as { updates: unknown[] }).updates.length;
      expect(await visitAttacker(context, site, e2e.core.url)).toEqual([403, 403]);
      const after = ((await (await fetch(`${e2e.core.url}/updates`, { headers: { authorization: `Bearer ${TOKEN}` } })).json()) as { updates: unknown[] }).updates.length;
      expect(after).toBe(before);
    } finally {
      await browser.close();
      await site.close();
    }
  });

  it("the bookmarklet's clip page, opened from another site, finds the browser signed in; Confirm files it", async () => {
    // Another site's page with a link to the clip page, as the bookmarklet opens it from there.
    const clip = `${e2e.core.url}/clip?${new URLSearchParams({ url: 'http://127.0.0.1:9/recipes', title: 'Quince recipes' }).toString()}`;
    const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><a href="${clip}">Save to Knower</a>`));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const elsewhere = `http://localhost:${(server.address() as AddressInfo).port}/`;
    const browser = await launchChromium();
    try {
      const { page } = await openApp(browser, e2e.core.url);
      await page.goto('/login');
      await signIn(page, TOKEN);
      await waitForApp(page);
      await page.goto(elsewhere);
      const first = page.waitForResponse((r) => r.url() === clip);
      await page.getByRole('link', { name: 'Save to Knower' }).click();
      // Started by the other site, the load comes without the session cookie: Knower answers
      // with a page that loads it again from its own origin (not with the sign-in page).
      const bounce = await first;
      expect(bounce.status()).toBe(200);
      expect(await bounce.headerValue('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      // Not the sign-in page: the page loaded itself again from Knower, with the session cookie.
      await page.getByRole('heading', { name: 'Save to Knower' }).waitFor();
      await page.getByText('Quince recipes').waitFor();
      expect(page.url()).toBe(clip);

      e2e.model.script(turn(text('Kept the link to the quince recipes.')));
      await page.getByLabel(/Why are you saving it/).fill('For the autumn');
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.waitForURL(/\/#\/activity$/);
      const update = activity(page).getByRole('article', { name: 'Update' }).filter({ hasText: 'For the autumn' });
      await update.getByText('Kept the link to the quince recipes.').waitFor();
    } finally {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
