// How fast the sidebar tree becomes usable on a large vault, in the real browser, measured
// apart from the service: a small server answers the folder listings from core's own
// code over a synthetic index, and serves the production build. Run: `npm run bench -w apps/web`.
//
// For each vault size it reports (medians of RUNS page loads):
//   root data   — bytes of GET /vault/tree?path= (raw / gzip) and of the old flat listing
//   interactive — from the root listing's last byte to the first idle frame with rows on screen
//   expand      — clicking the largest folder: click → its rows on screen and the page idle
//   server      — listing the root folder from the index (core keeps folder totals as files change)
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { createIndexViews } from '../../../core/src/vault/index-views.js';
import { VaultIndex, type IndexEntry } from '../../../core/src/vault/vault-index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.join(here, '..', 'dist');
const SIZES = (process.env.TREE_BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const RUNS = Number(process.env.TREE_BENCH_RUNS ?? 5);

/** Projects of 200 notes each, plus one flat folder of 5,000 notes (the worst folder to open). */
function synthetic(notes: number): IndexEntry[] {
  const entries: IndexEntry[] = [];
  const flat = Math.min(5000, Math.floor(notes / 10));
  for (let i = 0; i < flat; i++) entries.push({ path: `bucket/clip-${i}.md`, kind: 'note', size: 900, tokens: 220, updated: '2025-03-01T08:00:00.000Z' });
  for (let i = 0; i < notes - flat; i++) {
    entries.push({ path: `projects/project-${Math.floor(i / 200)}/notes/note-${i}.md`, kind: 'note', size: 1200, tokens: 300, updated: '2025-03-01T08:00:00.000Z' });
  }
  return entries;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function indexOf(entries: IndexEntry[]): VaultIndex {
  const index = new VaultIndex();
  for (const entry of entries) index.set(entry);
  return index;
}

async function serve(index: VaultIndex): Promise<{ server: Server; url: string }> {
  const views = createIndexViews(index);
  const types: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml', '.png': 'image/png' };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/vault/tree') return json(views.folder(url.searchParams.get('path') ?? ''));
    if (url.pathname === '/sse') return res.writeHead(200, { 'content-type': 'text/event-stream' }).write('retry: 100000\n\n');
    if (url.pathname === '/inbox') return json({ items: [] });
    if (url.pathname === '/health') return json({ provider: { name: 'offline' } });
    if (url.pathname === '/sw.js') return res.writeHead(404).end();
    const file = path.join(DIST, url.pathname === '/' ? 'index.html' : url.pathname);
    const body = await readFile(file).catch(() => undefined);
    if (!body) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' }).end(body);
  };
  const server = createServer((req, res) => void handle(req, res).catch((error: unknown) => res.writeHead(500).end(String(error))));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { server, url: `http://127.0.0.1:${address.port}` };
}

/** ms from the root listing's last byte to the first idle frame with tree rows on screen. */
async function loadOnce(page: Page, url: string): Promise<number> {
  await page.goto(`${url}/#/activity`);
  await page.getByRole('treeitem').first().waitFor();
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const idle = performance.now();
    const root = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/vault/tree?path=')) as PerformanceResourceTiming;
    return idle - root.responseEnd;
  });
}

/** ms from clicking the largest folder to its rows on screen with the page idle (fetch included), and the fetch alone. */
async function expandOnce(page: Page, folder: string, firstChild: string): Promise<{ total: number; fetch: number }> {
  await page.evaluate(() => performance.clearResourceTimings());
  const start = await page.evaluate(() => performance.now());
  await page.getByRole('treeitem').and(page.getByTitle(new RegExp(`^${folder}\n`))).click();
  await page.getByTitle(new RegExp(`^${firstChild}\\n`)).waitFor();
  return page.evaluate(async (start) => {
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const timing = performance.getEntriesByType('resource').find((e) => e.name.includes('/vault/tree?path=')) as PerformanceResourceTiming | undefined;
    return { total: performance.now() - start, fetch: timing ? timing.responseEnd - timing.startTime : 0 };
  }, start);
}

async function main() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const rows: string[] = [];
  try {
    for (const notes of SIZES) {
      const entries = synthetic(notes);
      const index = indexOf(entries);
      const views = createIndexViews(index);
      const built: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        views.folder('');
        built.push(performance.now() - t);
      }
      const rootBody = JSON.stringify(views.folder(''));
      const flatBody = JSON.stringify({ files: entries });
      const { server, url } = await serve(index);
      const loads: number[] = [];
      const projects: Array<{ total: number; fetch: number }> = [];
      const bucket: Array<{ total: number; fetch: number }> = [];
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
        const page = await context.newPage();
        loads.push(await loadOnce(page, url));
        projects.push(await expandOnce(page, 'projects', 'projects/project-0'));
        bucket.push(await expandOnce(page, 'bucket', 'bucket/clip-0.md'));
        await context.close();
      }
      server.close();
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
      rows.push(
        [
          `${notes.toLocaleString('en')} notes`,
          `  root listing ${kb(rootBody.length)} (gzip ${kb(gzipSync(rootBody).length)}); flat listing was ${kb(flatBody.length)} (gzip ${kb(gzipSync(flatBody).length)})`,
          `  server: the root folder listed in ${median(built).toFixed(2)} ms (median of ${RUNS})`,
          `  interactive after the root listing arrives: ${median(loads).toFixed(0)} ms (median of ${RUNS}; runs ${loads.map((x) => x.toFixed(0)).join(', ')})`,
          `  open projects/ (${Math.ceil((notes - Math.min(5000, notes / 10)) / 200)} folders): ${median(projects.map((p) => p.total)).toFixed(0)} ms, of which fetch ${median(projects.map((p) => p.fetch)).toFixed(0)} ms`,
          `  open bucket/ (${Math.min(5000, notes / 10)} files): ${median(bucket.map((p) => p.total)).toFixed(0)} ms, of which fetch ${median(bucket.map((p) => p.fetch)).toFixed(0)} ms`,
        ].join('\n'),
      );
    }
  } finally {
    await browser.close();
  }
  console.log(`Sidebar tree, production build in Chromium (1440×900)\n\n${rows.join('\n\n')}`);
}

await main();
