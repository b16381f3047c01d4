/**
 * npm run bench:search-compare -w core -- --other /path/to/checkout [--sizes 1000,10000,100000] [--rounds 5] [--seed 42]
 * Service search latency of this checkout against another one (an older version), side by side
 * in one run: for each size, one generated vault (a copy for each), both services started on it
 * in turn and left to settle, then the scale bench's queries (search-bench.ts) asked of one and
 * the other alternately, so background noise hits both alike. Prints medians, p90s, their ratio
 * and the load average. Both builds must exist (`npm run build` in each).
 * This file is the bench's composition root: it alone reads argv and the environment.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/index.js';
import { freePort } from '../test/helpers/free-port.js';
import { generateVault } from './generate-vault.js';
import { QUERIES } from './search-bench.js';
import { startServiceProcess, type ServiceProcess } from './service-process.js';
import { round, summarize, type Summary } from './stats.js';

const { values } = parseArgs({
  options: { other: { type: 'string' }, sizes: { type: 'string', default: '1000,10000,100000' }, rounds: { type: 'string', default: '5' }, seed: { type: 'string', default: '42' } },
});
if (!values.other) {
  process.stderr.write('--other /path/to/another/checkout is required (its core/dist is the version compared)\n');
  process.exit(2);
}
const otherCore = path.join(path.resolve(values.other), 'core');
const sizes = values.sizes.split(',').map(Number);
const rounds = Number(values.rounds);
const config = loadConfig({ ...process.env, VAULT_PATH: os.tmpdir() });
const load = () => os.loadavg()[0]!.toFixed(2);

async function timedSearch(svc: ServiceProcess, q: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${svc.base}/vault/search?q=${encodeURIComponent(q)}&mode=fast&limit=10`);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`search ${q} answered ${res.status}`);
  return performance.now() - started;
}

async function start(temp: string, name: string, vault: string, core?: string): Promise<ServiceProcess> {
  const copy = path.join(temp, `vault-${name}`);
  await cp(vault, copy, { recursive: true });
  const svc = await startServiceProcess({
    nodeBinary: config.qmd.nodeBinary,
    vault: copy,
    stateDir: path.join(temp, `state-${name}`),
    port: await freePort(),
    env: config.childEnv,
    ...(core ? { core } : {}),
  });
  await svc.untilQuiet(30 * 60_000);
  return svc;
}

const row = (label: string, s: Summary) => `${label.padEnd(8)} median ${String(s.median).padStart(7)} ms   p90 ${String(s.p90).padStart(7)} ms   (n ${s.n})`;

process.stdout.write(`search latency, this checkout vs ${values.other}; ${QUERIES.length} queries × ${rounds} rounds, alternating; load ${load()}\n`);
for (const size of sizes) {
  const temp = await mkdtemp(path.join(os.tmpdir(), 'knower-search-compare-'));
  try {
    const vault = path.join(temp, 'vault');
    await generateVault(vault, size, Number(values.seed));
    const other = await start(temp, 'other', vault, otherCore);
    const ours = await start(temp, 'this', vault);
    const samples = { this: [] as number[], other: [] as number[] };
    // One warm-up pass each, then alternate which goes first.
    for (const q of QUERIES) await Promise.all([timedSearch(ours, q), timedSearch(other, q)]);
    for (let r = 0; r < rounds; r++) {
      for (const q of QUERIES) {
        const pair = r % 2 === 0 ? [ours, other] : [other, ours];
        for (const svc of pair) samples[svc === ours ? 'this' : 'other'].push(await timedSearch(svc, q));
      }
    }
    await Promise.all([ours.close(), other.close()]);
    const a = summarize(samples.this);
    const b = summarize(samples.other);
    process.stdout.write(`\n${size} notes (load ${load()})\n${row('this', a)}\n${row('other', b)}\nratio    median ×${round(a.median / b.median)}   p90 ×${round(a.p90 / b.p90)}\n`);
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}
