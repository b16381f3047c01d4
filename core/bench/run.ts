/**
 * npm run bench [-- --sizes 1000,10000[,100000]] [--quick] [--seed 42]
 * For each size: generate a vault, start the real service on it, measure, close, clean up.
 * This file is the bench's composition root: the only place it reads argv and the environment.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/index.js';
import { generateVault } from './generate-vault.js';
import { formatSize, machineInfo, saveResults, type SizeFigures } from './report.js';
import { benchSearch, QUERIES } from './search-bench.js';
import { getJson, startService } from './service.js';
import { summarize, timed } from './stats.js';
import { benchSearchable, benchSse } from './write-bench.js';

const { values } = parseArgs({
  options: { sizes: { type: 'string', default: '1000,10000' }, quick: { type: 'boolean', default: false }, seed: { type: 'string', default: '42' } },
});
const sizes = values.sizes.split(',').map((s) => Number(s.trim()));
if (sizes.some((n) => !Number.isInteger(n) || n < 100)) throw new Error(`--sizes takes note counts ≥ 100, e.g. 1000,10000 (got ${values.sizes})`);
const quick = values.quick;
const plan = {
  search: quick ? { rounds: 1, serviceReps: 3, rgReps: 1 } : { rounds: 3, serviceReps: 5, rgReps: 2 },
  sseSamples: quick ? 10 : 30,
  sseSpacingMs: 300,
  drainBoundMs: quick ? 20_000 : 60_000,
  searchableSamples: quick ? 3 : 10,
  pollMs: 20,
};

// Skipped with a note when absent: the comparison is informative, not essential.
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
const watchdog = setTimeout(() => {
  process.stderr.write('bench: still running after 60 minutes, giving up\n');
  void cleanUp().finally(() => process.exit(1));
}, 60 * 60_000);
watchdog.unref();

const log = (line: string) => process.stdout.write(`${line}\n`);

async function benchSize(notes: number): Promise<SizeFigures> {
  const temp = await mkdtemp(path.join(os.tmpdir(), `knower-bench-${notes}-`));
  cleanups.push(() => rm(temp, { recursive: true, force: true }));
  const vaultDir = path.join(temp, 'vault');
  log(`\n[${notes}] generating the vault in ${temp} …`);
  const gen = await timed(() => generateVault(vaultDir, notes, Number(values.seed)));
  log(`[${notes}] starting the service and waiting for the first index …`);
  const svc = await startService(vaultDir, path.join(temp, 'state'), process.env);
  cleanups.push(() => svc.close());
  const vault = svc.app.knower.root;
  // The machine may be shared: the 1-minute load average puts absolute figures in context.
  const loadAvg = { atStart: os.loadavg()[0] ?? 0, atEnd: 0 };

  const first = await timed(() => getJson<{ files: unknown[] }>(svc.base, '/vault/tree'));
  const warm: number[] = [];
  for (let i = 0; i < 5; i++) warm.push((await timed(() => getJson(svc.base, '/vault/tree'))).ms);

  log(`[${notes}] search: ${QUERIES.length} queries × service / qmd CLI / ${rg ? 'rg' : 'no rg'} …`);
  const search = await benchSearch(svc, vault, { ...plan.search, rg });
  // Searchable first: its samples each start from an idle service; the SSE phase leaves
  // `qmd update` work behind, and how long that takes to drain is one of its figures.
  log(`[${notes}] write → searchable: ${plan.searchableSamples} samples …`);
  const searchable = await benchSearchable(svc, vault, plan.searchableSamples, plan.pollMs);
  log(`[${notes}] write → SSE: ${plan.sseSamples} new files + ${plan.sseSamples} edits …`);
  const existing = gen.value.paths.filter((p) => p.includes('/notes/') || p.startsWith('bucket/'));
  const sse = await benchSse(svc, vault, existing, plan.sseSamples, plan.sseSpacingMs, plan.drainBoundMs);

  loadAvg.atEnd = os.loadavg()[0] ?? 0;
  await cleanUp();
  return {
    notes: gen.value.notes,
    vault: { bytes: gen.value.bytes, projects: gen.value.projects.length, generateMs: gen.ms },
    loadAvg,
    startup: svc.startup,
    tree: { firstMs: first.ms, bytes: first.value.bytes, files: first.value.body.files.length, warm: summarize(warm) },
    search,
    sse,
    searchable,
  };
}

async function main(): Promise<void> {
  const qmd = loadConfig(process.env).qmd;
  const machine = machineInfo(qmd, rg);
  log(`Knower bench — sizes ${sizes.join(', ')}${quick ? ' (quick)' : ''}; ${JSON.stringify(machine)}`);
  if (!rg) log('note: ripgrep (rg) is not installed; its column is skipped (apt-get install -y ripgrep)');
  const startedAt = new Date().toISOString();
  const figures: SizeFigures[] = [];
  for (const notes of sizes) {
    const size = await benchSize(notes);
    figures.push(size);
    log(formatSize(size));
  }
  const file = await saveResults(resultsDir, { startedAt, finishedAt: new Date().toISOString(), machine, plan, queries: QUERIES, sizes: figures });
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
