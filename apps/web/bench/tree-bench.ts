// How fast the sidebar tree becomes usable on a large vault, in the real browser, measured
// apart from the service: a small server (core/bench/tree-listing-server.ts, its own process)
// answers the folder listings from core's own code over a synthetic index, and serves the
// production build. Run: `npm run bench -w apps/web`.
//
// For each vault size it reports (medians of RUNS page loads):
//   root data   — bytes of GET /vault/tree?path= (raw / gzip) and of the old flat listing
//   interactive — from the root listing's last byte to the first idle frame with rows on screen
//   expand      — clicking the largest folder: click → its rows on screen and the page idle
//   server      — listing the root folder from the index (core keeps folder totals as files change)
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.join(here, '..', 'dist');
// The service side runs apart, in core: the web app and its bench reach core over HTTP only.
const SERVER = path.join(here, '..', '..', '..', 'core', 'bench', 'tree-listing-server.ts');
const SIZES = (process.env.TREE_BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const RUNS = Number(process.env.TREE_BENCH_RUNS ?? 5);

interface Sizes {
  raw: number;
  gzip: number;
}
interface Served {
  url: string;
  built: number[];
  root: Sizes;
  flat: Sizes;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Starts the listing server for a vault of `notes` notes and waits for the line that says where it listens. */
async function serve(notes: number): Promise<{ child: ChildProcess; served: Served }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER, String(notes), String(RUNS), DIST], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the listing server stopped (exit ${code})`)));
  });
  return { child, served: JSON.parse(first) as Served };
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
  await page
    .getByRole('treeitem')
    .and(page.getByTitle(new RegExp(`^${folder}\n`)))
    .click();
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
      const { child, served } = await serve(notes);
      const { url, built } = served;
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
      child.kill();
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
      rows.push(
        [
          `${notes.toLocaleString('en')} notes`,
          `  root listing ${kb(served.root.raw)} (gzip ${kb(served.root.gzip)}); flat listing was ${kb(served.flat.raw)} (gzip ${kb(served.flat.gzip)})`,
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
