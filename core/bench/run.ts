/**
 * npm run bench [-- --sizes 1000,10000[,100000]] [--realistic 1000,10000] [--real 2500] [--multilingual 1500] [--quick] [--seed 42]
 * For each case: generate a vault (synthetic notes at each size, realistic long notes at each
 * --realistic size, and a real-world-shaped one), let qmd index it on its own (the anchor),
 * start the service as a person would (its own process), follow its whole process tree through
 * the first start and the first history snapshot, then measure once start-up work is over,
 * stop, clean up. One table at the end puts the cases side by side.
 * This file is the bench's composition root: the only place it reads argv and the environment.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/index.js';
import { createQmdContext } from '../src/search/qmd-process.js';
import { generateVault } from './generate-vault.js';
import { generateRealWorldVault } from './real-world-vault.js';
import { formatCase, formatSummary, machineInfo, saveResults, type CaseFigures, type InUsePhase } from './report.js';
import { benchSaveCpu, measureIdle } from './cpu-bench.js';
import { watchPeak } from './process-tree.js';
import { realisticBody } from './realistic-notes.js';
import { benchBurst, benchTreeRequests, firstContext, qmdCollectionAdd, stateOnDisk, wireSize } from './scale-bench.js';
import { benchMultilingual, formatMultilingual, type MultilingualFigures } from './multilingual/multilingual-bench.js';
import { benchSearch, QUERIES } from './search-bench.js';
import { benchSearchableDuringWorstCases, benchWorstCases } from './worst-case-bench.js';
import { dirBytes } from './vault-files.js';
import { startServiceProcess } from './service-process.js';
import { timed } from './stats.js';
import { benchSearchable, benchSse } from './write-bench.js';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000' },
    realistic: { type: 'string' },
    real: { type: 'string', default: '2500' },
    multilingual: { type: 'string', default: '1500' },
    quick: { type: 'boolean', default: false },
    seed: { type: 'string', default: '42' },
  },
});
function noteCounts(flag: string, text: string): number[] {
  const counts = text
    .split(',')
    .filter((s) => s.trim() && s.trim() !== '0')
    .map((s) => Number(s.trim()));
  if (counts.some((n) => !Number.isInteger(n) || n < 100)) throw new Error(`--${flag} takes note counts ≥ 100, e.g. 1000,10000, or 0 to skip (got ${text})`);
  return counts;
}
const sizes = noteCounts('sizes', values.sizes);
// Realistic long notes at the same sizes unless told otherwise.
const realisticSizes = noteCounts('realistic', values.realistic ?? values.sizes);
const real = Number(values.real);
if (!Number.isInteger(real) || real < 0) throw new Error(`--real takes a note count (0 to skip), got ${values.real}`);
const multilingual = Number(values.multilingual);
if (!Number.isInteger(multilingual) || multilingual < 0) throw new Error(`--multilingual takes a note count (0 to skip), got ${values.multilingual}`);
const quick = values.quick;
const plan = {
  search: quick ? { rounds: 1, serviceReps: 3, rgReps: 1 } : { rounds: 3, serviceReps: 5, rgReps: 2 },
  // Isolated saves come after the watcher's and the job's own writes have long settled; a burst
  // keeps saving while they happen (the watcher's debounce is re-armed within 500 ms).
  sse: { isolated: { samples: quick ? 6 : 20, spacingMs: 1_500 }, burst: { samples: quick ? 10 : 30, spacingMs: 100 } },
  worstCaseReps: quick ? 1 : 3,
  drainBoundMs: quick ? 20_000 : 60_000,
  searchableSamples: quick ? 5 : 15,
  pollMs: 20,
  idle: { windows: quick ? 3 : 5, windowMs: 4_000 },
  // The history commits hand edits after 2 s of quiet (the service's default). 31 saves: with 15,
  // the 1k median moved 9-18 ms between runs, and the 100k / 1k ratio with it.
  saveCpu: { saves: quick ? 7 : 31, quietMs: 2_000 },
  burst: 500,
  treeRequests: 20,
};

const config = loadConfig(process.env);
const rg = spawnSync('rg', ['--version']).status === 0 ? 'rg' : null;
const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
const cleanups: Array<() => Promise<unknown>> = [];
async function cleanUp(): Promise<void> {
  for (const fn of cleanups.splice(0).reverse()) await fn().catch(() => undefined);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}
// Every wait inside is bounded; this is the backstop should something still wedge.
const watchdog = setTimeout(
  () => {
    process.stderr.write('bench: still running after 3 hours, giving up\n');
    void cleanUp().finally(() => process.exit(1));
  },
  3 * 60 * 60_000,
);
watchdog.unref();

const log = (line: string) => process.stdout.write(`${line}\n`);
const roundMb = (byCommand: Record<string, number>) => Object.fromEntries(Object.entries(byCommand).map(([k, v]) => [k, Math.round(v)]));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address !== 'string' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function benchCase(label: string, corpus: CaseFigures['corpus'], make: (dir: string) => Promise<{ notes: number; bytes: number; paths: string[] }>): Promise<CaseFigures> {
  const temp = await mkdtemp(path.join(os.tmpdir(), 'knower-bench-'));
  cleanups.push(() => rm(temp, { recursive: true, force: true }));
  const vault = path.join(temp, 'vault');
  log(`\n[${label}] generating the vault in ${temp} …`);
  const gen = await timed(() => make(vault));
  const loadAvg = { atStart: os.loadavg()[0] ?? 0, atEnd: 0 };

  log(`[${label}] anchor: qmd collection add …`);
  const anchorCtx = createQmdContext({
    nodeBinary: config.qmd.nodeBinary,
    cliPath: config.qmd.cliPath,
    vaultRoot: vault,
    stateDir: path.join(temp, 'anchor'),
    collection: 'vault',
    env: config.childEnv,
  });
  await mkdir(anchorCtx.qmdDir, { recursive: true });
  const anchor = await qmdCollectionAdd(anchorCtx, vault);

  log(`[${label}] first start of the service …`);
  const started = performance.now();
  const svc = await startServiceProcess({ nodeBinary: config.qmd.nodeBinary, vault, stateDir: path.join(temp, 'state'), port: await freePort(), env: config.childEnv });
  cleanups.push(() => svc.close());
  // Memory of the whole process tree, phase by phase: to "ok", through the first history snapshot, in use.
  let watch = watchPeak(svc.pid);
  await svc.untilIdle(60 * 60_000);
  const firstStart = { toOkMs: Math.round(performance.now() - started), peakRssMb: Math.round(watch.peak().rssMb), peakPssMb: Math.round(watch.peak().pssMb) };
  watch.stop();
  // What the index keeps on disk, against the vault's text (and qmd's own index of it, the anchor).
  const index = { bytes: await dirBytes(path.join(temp, 'state', 'search')), qmdBytes: await dirBytes(anchorCtx.qmdDir), vaultBytes: gen.value.bytes };
  const health = await svc.health();
  if (!health.qmd.available) throw new Error(`search is not available, the comparison would be meaningless: ${health.degraded?.join('; ')}`);
  log(`[${label}] ok after ${(firstStart.toOkMs / 1000).toFixed(1)} s; waiting for the first history snapshot …`);
  watch = watchPeak(svc.pid);
  const quiet = await svc.untilQuiet(60 * 60_000);
  const snapshotPeak = watch.peak();
  watch.stop();
  const snapshot = {
    afterOkMs: Math.round(quiet.ms),
    peakRssMb: Math.round(snapshotPeak.rssMb),
    peakPssMb: Math.round(snapshotPeak.pssMb),
    byCommand: roundMb(snapshotPeak.byCommand),
  };
  log(`[${label}] idle: ${plan.idle.windows} windows of ${plan.idle.windowMs / 1000} s …`);
  const idle = await measureIdle(svc, plan.idle.windows, plan.idle.windowMs);
  // What the first start left on disk, before the bench's own saves add to it.
  const state = await stateOnDisk(path.join(temp, 'state'));

  // In use: each phase's own peak, and what the tree was made of then.
  const inUse: InUsePhase[] = [];
  const phase = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const w = watchPeak(svc.pid);
    try {
      return await work();
    } finally {
      const p = w.peak();
      w.stop();
      inUse.push({ phase: name, peakRssMb: Math.round(p.rssMb), peakPssMb: Math.round(p.pssMb), byCommand: roundMb(p.byCommand) });
    }
  };
  const { context, tree } = await phase('first context, one listing', async () => ({ context: await firstContext(vault), tree: await wireSize(svc.base, '/vault/tree') }));
  const target = {
    base: svc.base,
    settle: async () => void (await svc.untilIdle(300_000)),
    lastSyncMs: async () => (await svc.health()).qmd.lastSync?.ms,
  };
  log(`[${label}] search: ${QUERIES.length} queries × service / qmd CLI / ${rg ? 'rg' : 'no rg'} …`);
  const search = await phase('search', () => benchSearch({ base: svc.base, qmd: anchorCtx }, vault, { ...plan.search, rg }));
  log(`[${label}] worst-case queries …`);
  const worstCases = await phase('worst-case queries', () => benchWorstCases(svc.base, plan.worstCaseReps));
  log(`[${label}] write → searchable (quiet, then during worst-case queries), write → SSE (isolated, in bursts), CPU per save, a burst of ${plan.burst}, ${plan.treeRequests} tree listings …`);
  const searchable = await phase('write → searchable', () => benchSearchable(target, vault, plan.searchableSamples, plan.pollMs));
  const searchableDuringWorstCases = await phase('write → searchable, worst cases running', () => benchSearchableDuringWorstCases(target, vault, plan.searchableSamples, plan.pollMs));
  const notes = gen.value.paths.filter((p) => !/^(overview|profile|tree|tasks|changelog)\.md$/.test(p));
  const sse = await phase('write → SSE', async () => ({
    isolated: await benchSse(target, vault, notes, plan.sse.isolated.samples, plan.sse.isolated.spacingMs, plan.drainBoundMs, 'isolated'),
    burst: await benchSse(target, vault, notes, plan.sse.burst.samples, plan.sse.burst.spacingMs, plan.drainBoundMs, 'burst'),
  }));
  await svc.untilQuiet(300_000);
  const saveCpu = await phase('saves', () => benchSaveCpu(svc, vault, notes, plan.saveCpu.saves, plan.saveCpu.quietMs, idle));
  const burst = await phase(`a burst of ${plan.burst}`, async () => {
    const figures = await benchBurst(svc, vault, plan.burst);
    await svc.untilQuiet(300_000);
    return figures;
  });
  const treeRequests = await phase('tree listings', () => benchTreeRequests(svc, plan.treeRequests));
  const top = inUse.reduce((a, b) => (b.peakRssMb > a.peakRssMb ? b : a));
  const steady = { peakRssMb: top.peakRssMb, peakPssMb: Math.max(...inUse.map((p) => p.peakPssMb)), phases: inUse };

  loadAvg.atEnd = os.loadavg()[0] ?? 0;
  await cleanUp();
  return {
    label,
    corpus,
    notes: gen.value.notes,
    vault: { bytes: gen.value.bytes, generateMs: gen.ms },
    loadAvg,
    anchor,
    firstStart,
    index,
    snapshot,
    idle,
    state,
    steady,
    treeRequests,
    context,
    tree,
    search,
    worstCases,
    searchable,
    searchableDuringWorstCases,
    sse,
    saveCpu,
    burst,
  };
}

async function main(): Promise<void> {
  const machine = machineInfo(config.qmd, rg);
  log(
    `Knower bench — synthetic ${sizes.join(', ') || 'none'}; realistic ${realisticSizes.join(', ') || 'none'}${real ? `; real-world ${real}` : ''}${quick ? ' (quick)' : ''}; ${JSON.stringify(machine)}`,
  );
  if (!rg) log('note: ripgrep (rg) is not installed; its column is skipped (apt-get install -y ripgrep)');
  const startedAt = new Date().toISOString();
  const cases: CaseFigures[] = [];
  for (const n of sizes) {
    const figures = await benchCase(`${n.toLocaleString('en')} notes`, 'synthetic', (dir) => generateVault(dir, n, Number(values.seed)));
    cases.push(figures);
    log(formatCase(figures));
  }
  for (const n of realisticSizes) {
    const figures = await benchCase(`realistic ${n.toLocaleString('en')}`, 'realistic', (dir) => generateVault(dir, n, Number(values.seed), realisticBody));
    cases.push(figures);
    log(formatCase(figures));
  }
  if (real > 0) {
    const figures = await benchCase(`real-world ${real.toLocaleString('en')}`, 'real-world', (dir) => generateRealWorldVault(dir, real));
    cases.push(figures);
    log(formatCase(figures));
  }
  let multilingualFigures: MultilingualFigures | undefined;
  if (multilingual > 0) {
    log(`\n[multilingual] ${multilingual.toLocaleString('en')} notes in fifteen scripts: every dictionary word, search vs grep …`);
    multilingualFigures = await benchMultilingual({ notes: multilingual, nodeBinary: config.qmd.nodeBinary, port: await freePort(), env: config.childEnv });
    log(formatMultilingual(multilingualFigures));
  }
  log(formatSummary(cases));
  const file = await saveResults(resultsDir, { startedAt, finishedAt: new Date().toISOString(), machine, plan, queries: QUERIES, cases, multilingual: multilingualFigures });
  log(`\nresults saved to ${path.relative(process.cwd(), file)}`);
}

main().then(
  () => clearTimeout(watchdog),
  async (err: unknown) => {
    process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    await cleanUp();
    process.exit(1);
  },
);
