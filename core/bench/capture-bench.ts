/**
 * npm run bench:capture [-- --pdfs 2000 --notes 10000 --reps 5 --seed 42]
 * What capture and PDFs cost, with the service as a person runs it (its own process; memory
 * over its whole process tree):
 *   - a 100 kB article clip → searchable: POST /update with a link to a fixture page on
 *     127.0.0.1 (the offline provider files it), until a word of its last paragraph is found;
 *   - a 100-page PDF upload → searchable: until a word of its page 90 is found (the capture's
 *     note), and until the PDF itself is a hit naming page 90;
 *   - a vault of `--pdfs` PDFs (~100 kB each, made once and kept under bench/cache/) beside
 *     `--notes` notes: first index time (notes, then every PDF read), peak RSS of the process
 *     tree, a note's write → searchable while the PDFs are read, and search latency with the
 *     PDFs against the same notes without them (both services up, queries taking turns).
 * The machine's load is reported at the start and end of each part; results go to bench/results/.
 */
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/index.js';
import { createRng, paragraph } from './corpus.js';
import { generateVault } from './generate-vault.js';
import { cachedPdfs, prosePdf } from './pdf-corpus.js';
import { watchPeak } from './process-tree.js';
import { machineInfo, saveResults } from './report.js';
import { QUERIES } from './search-bench.js';
import { startServiceProcess, type ServiceProcess } from './service-process.js';
import { sleep, summarize, timed, withTimeout, type Summary } from './stats.js';

const { values } = parseArgs({
  options: {
    pdfs: { type: 'string', default: '2000' },
    notes: { type: 'string', default: '10000' },
    reps: { type: 'string', default: '5' },
    seed: { type: 'string', default: '42' },
  },
});
const pdfCount = Number(values.pdfs);
const noteCount = Number(values.notes);
const reps = Number(values.reps);
const seed = Number(values.seed);
const here = path.dirname(fileURLToPath(import.meta.url));
const config = loadConfig(process.env);
const log = (line: string) => process.stdout.write(`${line}\n`);
const load = () => Number((os.loadavg()[0] ?? 0).toFixed(2));

interface Hit {
  path: string;
  page?: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address !== 'string' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const search = async (svc: ServiceProcess, q: string): Promise<Hit[]> => ((await (await fetch(`${svc.base}/vault/search?q=${encodeURIComponent(q)}&mode=fast`)).json()) as { results: Hit[] }).results;

/** Polls search every 20 ms until `found` holds; the ms from `since`. */
async function until(svc: ServiceProcess, q: string, found: (hits: Hit[]) => boolean, since: number, what: string): Promise<number> {
  await withTimeout(
    (async () => {
      while (!found(await search(svc, q))) await sleep(20);
    })(),
    300_000,
    what,
  );
  return Math.round(performance.now() - since);
}

async function start(vault: string, stateDir: string, env: Record<string, string> = {}): Promise<ServiceProcess> {
  return startServiceProcess({ nodeBinary: config.qmd.nodeBinary, vault, stateDir, port: await freePort(), env: { ...config.childEnv, KNOWER_PROVIDER: 'offline', ...env } });
}

type PdfCounts = { indexed: number; waiting: number; setAside: number };
const pdfsOf = async (svc: ServiceProcess) => ((await svc.health()).qmd as { pdfs?: PdfCounts }).pdfs;

/** An article page of ~100 kB of prose; `token` in its last paragraph. */
function articleHtml(token: string, rep: number): string {
  const rng = createRng(seed + rep);
  const paras: string[] = [];
  let size = 0;
  while (size < 100_000) {
    const p = paragraph(rng).replace(/[<>&]/g, ' ');
    paras.push(`<p>${p}</p>`);
    size += p.length + 7;
  }
  paras.push(`<p>The survey closed with ${token} on the last day.</p>`);
  return `<!doctype html><html><head><title>Field notes ${rep}</title><meta name="author" content="Bench"></head><body><nav>Home · About</nav><article><h1>Field notes ${rep}</h1>${paras.join('\n')}</article></body></html>`;
}

async function captureFigures(temp: string) {
  const loadAtStart = load();
  const vault = path.join(temp, 'capture-vault');
  await generateVault(vault, 200, seed);
  const pages = new Map<string, string>();
  const fixture = http.createServer((req, res) => {
    const body = pages.get(req.url ?? '');
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => fixture.listen(0, '127.0.0.1', resolve));
  const port = (fixture.address() as { port: number }).port;
  const svc = await start(vault, path.join(temp, 'capture-state'), { KNOWER_FETCH_ALLOW: `127.0.0.1:${port}` });
  try {
    await svc.untilIdle(600_000);
    const clip: number[] = [];
    const pdfNote: number[] = [];
    const pdfPage: number[] = [];
    const rng = createRng(seed);
    for (let rep = 0; rep < reps; rep++) {
      const token = `zqclip${rep}x${seed}q`;
      pages.set(`/article-${rep}.html`, articleHtml(token, rep));
      const since = performance.now();
      const posted = await fetch(`${svc.base}/update`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: `http://127.0.0.1:${port}/article-${rep}.html` }),
      });
      if (posted.status !== 202) throw new Error(`POST /update with a link answered ${posted.status}: ${await posted.text()}`);
      clip.push(await until(svc, token, (hits) => hits.length > 0, since, 'the clip to be searchable'));

      const word = `zqpdf${rep}x${seed}q`;
      const pdf = await prosePdf(rng, 100, new Map([[90, `The ledger names ${word} here.`]]));
      const form = new FormData();
      form.append('files', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), `ledger-${rep}.pdf`);
      const sent = performance.now();
      const uploaded = await fetch(`${svc.base}/update`, { method: 'POST', body: form });
      if (uploaded.status !== 202) throw new Error(`POST /update with a PDF answered ${uploaded.status}: ${await uploaded.text()}`);
      pdfNote.push(await until(svc, word, (hits) => hits.length > 0, sent, 'the PDF upload to be searchable'));
      pdfPage.push(await until(svc, word, (hits) => hits.some((h) => h.path.endsWith('.pdf') && h.page === 90), sent, 'the PDF itself to be a hit on page 90'));
      await svc.untilIdle(600_000);
    }
    return { clipMs: summarize(clip), pdfUploadMs: summarize(pdfNote), pdfPageHitMs: summarize(pdfPage), load: { atStart: loadAtStart, atEnd: load() } };
  } finally {
    await svc.close();
    fixture.close();
  }
}

/**
 * Each query `reps` times on both services, taking turns query by query (the first to ask
 * alternates), so that the machine's load weighs on both alike; the medians of each.
 */
async function latencies(a: ServiceProcess, b: ServiceProcess): Promise<[Summary, Summary]> {
  for (const q of QUERIES) await Promise.all([search(a, q), search(b, q)]); // warm-up
  const samples: [number[], number[]] = [[], []];
  for (let r = 0; r < reps * 2; r++) {
    for (const [i, q] of QUERIES.entries()) {
      const order = (r + i) % 2 === 0 ? ([0, 1] as const) : ([1, 0] as const);
      for (const side of order) samples[side].push((await timed(() => search(side === 0 ? a : b, q))).ms);
    }
  }
  return [summarize(samples[0]), summarize(samples[1])];
}

/** A note written by hand → found by its one word, `count` times, a second apart. */
async function writeToSearchable(svc: ServiceProcess, vault: string, count: number, tag: string): Promise<Summary> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const token = `zq${tag}${i}x${seed}q`;
    const since = performance.now();
    await writeFile(path.join(vault, `bench ${tag} ${i}.md`), `# Bench ${i}\n\n${token} written by hand.\n`);
    samples.push(await until(svc, token, (hits) => hits.length > 0, since, 'a note to be searchable'));
    await sleep(1_000);
  }
  return summarize(samples);
}

async function vaultFigures(temp: string) {
  const loadAtStart = load();
  const cache = await cachedPdfs(path.join(here, 'cache'), pdfCount, seed, log);
  // The same notes twice (same seed, same bytes): one vault without PDFs, one with them.
  const plainVault = path.join(temp, 'vault-notes');
  const vault = path.join(temp, 'vault-pdfs');
  await generateVault(plainVault, noteCount, seed);
  await generateVault(vault, noteCount, seed);

  log(`[vault] ${noteCount} notes, no PDFs: first start …`);
  const plain = await start(plainVault, path.join(temp, 'state-notes'));
  let watch = watchPeak(plain.pid);
  let started = performance.now();
  await plain.untilIdle(60 * 60_000);
  const notesOnly = { firstIndexMs: Math.round(performance.now() - started), peakRssMb: Math.round(watch.peak().rssMb), writeMs: summarize([]), searchMs: summarize([]) };
  watch.stop();
  notesOnly.writeMs = await writeToSearchable(plain, plainVault, reps, 'plain');

  log(`[vault] copying ${cache.files.length} PDFs into the other vault …`);
  await mkdir(path.join(vault, 'papers'), { recursive: true });
  await cp(cache.dir, path.join(vault, 'papers'), { recursive: true });

  log(`[vault] ${noteCount} notes and ${cache.files.length} PDFs: first start …`);
  const svc = await start(vault, path.join(temp, 'state-pdfs'));
  watch = watchPeak(svc.pid);
  started = performance.now();
  await svc.untilIdle(60 * 60_000);
  const notesOkMs = Math.round(performance.now() - started);
  // Notes' saves while the PDFs are being read: the reading is not the lane's.
  const pdfsAtWrite = await pdfsOf(svc);
  const writeMs = await writeToSearchable(svc, vault, reps, 'during');
  const pdfsAfterWrite = await pdfsOf(svc);
  await withTimeout(
    (async () => {
      for (;;) {
        const pdfs = await pdfsOf(svc);
        if (pdfs && pdfs.waiting === 0 && pdfs.indexed + pdfs.setAside >= cache.files.length) return;
        await sleep(200);
      }
    })(),
    3 * 60 * 60_000,
    'every PDF to be read',
  );
  const withPdfs = {
    notesOkMs,
    firstIndexMs: Math.round(performance.now() - started),
    peakRssMb: Math.round(watch.peak().rssMb),
    peakByCommand: Object.fromEntries(Object.entries(watch.peak().byCommand).map(([k, v]) => [k, Math.round(v)])),
    pdfs: await pdfsOf(svc),
    writeWhileReading: { ms: writeMs, pdfsWaitingBefore: pdfsAtWrite?.waiting, pdfsWaitingAfter: pdfsAfterWrite?.waiting },
    searchMs: summarize([]),
    rssAfterMb: 0,
  };
  watch.stop();
  [notesOnly.searchMs, withPdfs.searchMs] = await latencies(plain, svc);
  withPdfs.rssAfterMb = Math.round(svc.sample().rssMb);
  await svc.close();
  await plain.close();
  return {
    notes: noteCount,
    pdfs: cache.files.length,
    pdfBytes: await dirSize(cache.dir),
    notesOnly,
    withPdfs,
    searchRatio: Number((withPdfs.searchMs.median / notesOnly.searchMs.median).toFixed(2)),
    load: { atStart: loadAtStart, atEnd: load() },
  };
}

async function dirSize(dir: string): Promise<number> {
  const { dirBytes } = await import('./vault-files.js');
  return dirBytes(dir);
}

async function main(): Promise<void> {
  const temp = await mkdtemp(path.join(os.tmpdir(), 'knower-capture-bench-'));
  try {
    log(`capture bench: ${reps} reps; a vault of ${pdfCount} PDFs beside ${noteCount} notes (${os.cpus().length} cpus, load ${load()})`);
    const capture = await captureFigures(temp);
    log(`  100 kB article clip → searchable: median ${capture.clipMs.median} ms, max ${capture.clipMs.max} ms (n=${capture.clipMs.n})`);
    log(`  100-page PDF upload → searchable (its note): median ${capture.pdfUploadMs.median} ms, max ${capture.pdfUploadMs.max} ms`);
    log(`  100-page PDF upload → the PDF a hit on page 90: median ${capture.pdfPageHitMs.median} ms, max ${capture.pdfPageHitMs.max} ms`);
    log(`  machine load (1-min avg) at start / end: ${capture.load.atStart} / ${capture.load.atEnd}`);
    const big = await vaultFigures(temp);
    const mb = (b: number) => `${Math.round(b / 1024 / 1024)} MB`;
    log(`  vault: ${big.notes} notes; with ${big.pdfs} PDFs (${mb(big.pdfBytes)})`);
    log(`    first index, notes only: ${(big.notesOnly.firstIndexMs / 1000).toFixed(1)} s, peak RSS ${big.notesOnly.peakRssMb} MB`);
    log(
      `    first index, with PDFs: notes ok ${(big.withPdfs.notesOkMs / 1000).toFixed(1)} s, every PDF read ${(big.withPdfs.firstIndexMs / 1000).toFixed(1)} s; peak RSS ${big.withPdfs.peakRssMb} MB (${JSON.stringify(big.withPdfs.peakByCommand)}); after ${big.withPdfs.rssAfterMb} MB`,
    );
    log(`    PDFs: ${JSON.stringify(big.withPdfs.pdfs)}`);
    log(
      `    note write → searchable: ${big.notesOnly.writeMs.median} ms without PDFs; ${big.withPdfs.writeWhileReading.ms.median} ms while PDFs are read (waiting ${big.withPdfs.writeWhileReading.pdfsWaitingBefore} → ${big.withPdfs.writeWhileReading.pdfsWaitingAfter})`,
    );
    log(
      `    search latency median: ${big.notesOnly.searchMs.median} ms without PDFs, ${big.withPdfs.searchMs.median} ms with (x${big.searchRatio}); p90 ${big.notesOnly.searchMs.p90} / ${big.withPdfs.searchMs.p90} ms`,
    );
    log(`    machine load (1-min avg) at start / end: ${big.load.atStart} / ${big.load.atEnd}`);
    const file = await saveResults(path.join(here, 'results'), { bench: 'capture', at: new Date().toISOString(), machine: machineInfo(config.qmd, null), reps, capture, vault: big });
    log(`results: ${file}`);
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench:capture failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
