import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../helpers/temp-dir.js';
import { startTestApp, updateEnded, type TestApp } from '../helpers/test-app.js';

const HOST = '127.0.0.1:8000';
const INDEX = '<!doctype html><title>Knower</title><script type="module" src="/static/app.js"></script>';
// A link the service refuses without connecting anywhere (loopback, not in KNOWER_FETCH_ALLOW).
const LINK = 'http://127.0.0.1:9/pelicans';
const CLIP = `/clip?url=${encodeURIComponent(LINK)}&title=${encodeURIComponent('Pelicans <b>of</b> Ohrid')}&text=${encodeURIComponent('The Dalmatian pelican returns')}`;

const updateCount = async (t: TestApp) => ((await t.app.inject({ method: 'GET', url: '/updates', headers: { host: HOST } })).json() as { updates: unknown[] }).updates.length;

describe('the clip page (/clip, opened by the bookmarklet)', () => {
  let t: TestApp;
  let dist: Awaited<ReturnType<typeof makeTempDir>>;
  beforeAll(async () => {
    dist = await makeTempDir('knower-dist-');
    await mkdir(path.join(dist.dir, 'static'), { recursive: true });
    await writeFile(path.join(dist.dir, 'index.html'), INDEX);
    await writeFile(path.join(dist.dir, 'static', 'app.js'), 'export {};');
    t = await startTestApp({ env: { KNOWER_WEB_DIST: dist.dir } });
  });
  afterAll(async () => {
    await t?.close();
    await dist?.cleanup();
  });

  it("is the app's own page (its CSP, no framing); opening it files nothing, and only the service's own origin can send what it shows", async () => {
    const root = await t.app.inject({ method: 'GET', url: '/', headers: { host: HOST, accept: 'text/html' } });
    const clip = await t.app.inject({
      method: 'GET',
      url: CLIP,
      headers: { host: HOST, accept: 'text/html', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
    });
    expect(clip.statusCode).toBe(200);
    expect(clip.headers['content-type']).toMatch(/^text\/html/);
    expect(clip.body).toBe(INDEX);
    // The same policy as the app at `/`: scripts from the service only, no framing (a page
    // cannot frame the clip page and trick a click on Confirm).
    expect(clip.headers['content-security-policy']).toBe(root.headers['content-security-policy']);
    expect(clip.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(clip.headers['content-security-policy']).toContain("script-src 'self'");
    expect(clip.headers['x-frame-options']).toBe('DENY');
    expect(clip.headers['referrer-policy']).toBe('same-origin');
    expect(clip.headers['cache-control']).toBe('no-cache');
    expect(await updateCount(t)).toBe(0);

    // What its Confirm sends is checked like any write: only from the service's own origin.
    const body = JSON.stringify({ url: LINK, text: 'For the birding trip' });
    const post = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/update', payload: body, headers: { host: HOST, 'content-type': 'application/json', ...headers } });
    const evil = await post({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', referer: `https://evil.example${CLIP}` });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().error).toBe('cross_origin');
    const noOrigin = await post({ 'sec-fetch-site': 'cross-site' });
    expect(noOrigin.statusCode).toBe(403);
    expect(await updateCount(t)).toBe(0);

    const confirmed = await post({ origin: `http://${HOST}`, 'sec-fetch-site': 'same-origin', referer: `http://${HOST}${CLIP}` });
    expect(confirmed.statusCode, confirmed.body).toBe(202);
    const record = await updateEnded(t, confirmed.json().id as string);
    expect(record).toMatchObject({ url: LINK, text: 'For the birding trip' });
    // Loopback is not in KNOWER_FETCH_ALLOW: refused before any connection, and said so.
    expect(record.captures?.[0]).toMatchObject({ kind: 'page', source: LINK, problem: expect.any(String) });
    expect(await updateCount(t)).toBe(1);
  });
});
