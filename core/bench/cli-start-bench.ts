/**
 * npm run bench -- --only cli   (or: npx tsx bench/cli-start-bench.ts [--runs 30] [--warmup 5] [--notes 1000])
 * `knower search <word>` against a running service, beside a bare `node -e 0` of the same Node
 * binary the `knower` script runs (node_modules/.bin/node): wall time from spawn to exit,
 * interleaved run by run so that load from elsewhere weighs on every series alike. Target: the
 * search through the script at most 1.5x `node -e 0`. Also shown: the CLI without the script
 * (`node core/dist/cli/knower.cjs`, the bundle the script runs), the same CLI unbundled as tsc
 * emits it (`node core/dist/cli/main.js`: ~30 ES modules, what the script ran before the bundle),
 * `search --help`, and the service's own answer time, for scale.
 * This file is the bench's composition root: it alone reads argv and the environment.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/index.js';
import { freePort } from '../test/helpers/free-port.js';
import { generateVault } from './generate-vault.js';
import { startServiceProcess } from './service-process.js';
import { round, summarize } from './stats.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '30' }, warmup: { type: 'string', default: '5' }, notes: { type: 'string', default: '1000' } } });
const runs = Number(values.runs);
const warmup = Number(values.warmup);
const notes = Number(values.notes);
if (!(runs >= 5) || !(warmup >= 0) || !(notes >= 100)) throw new Error('--runs ≥ 5; --warmup ≥ 0; --notes ≥ 100');

const core = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repo = path.resolve(core, '..');
const knower = path.join(repo, 'knower');
const node = path.join(repo, 'node_modules', '.bin', 'node');
const cli = path.join(core, 'dist', 'cli', 'knower.cjs');
const unbundled = path.join(core, 'dist', 'cli', 'main.js');
const TARGET = 1.5;

/** Wall time of one process from spawn to exit; a failure ends the bench (a timing of an error is no timing). */
function wall(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`${command} ${args.join(' ')} exited ${String(code)}: ${stderr}`))));
  });
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const temp = await mkdtemp(path.join(os.tmpdir(), 'knower-cli-start-bench-'));
  try {
    const vault = path.join(temp, 'vault');
    await generateVault(vault, notes);
    const port = await freePort();
    const svc = await startServiceProcess({ nodeBinary: node, vault, stateDir: path.join(temp, 'state'), port, env: config.childEnv });
    try {
      await svc.untilIdle(15 * 60_000);
      const env: NodeJS.ProcessEnv = {
        PATH: process.env.PATH,
        HOME: temp,
        KNOWER_RUNTIME: 'native',
        KNOWER_ENV_FILE: path.join(temp, 'none.env'),
        KNOWER_RUN_DIR: path.join(temp, 'run'),
        KNOWER_STATE_DIR: path.join(temp, 'state'),
        PORT: String(port),
      };
      const word = 'garden';
      const cases: Record<string, () => Promise<number>> = {
        'node -e 0': () => wall(node, ['-e', '0'], env),
        'knower search (script)': () => wall(knower, ['search', word], env),
        'search, bundle (knower.cjs)': () => wall(node, [cli, 'search', word], env),
        'search, unbundled (main.js)': () => wall(node, [unbundled, 'search', word], env),
        'knower search --help': () => wall(knower, ['search', '--help'], env),
        'POST /vault/search alone': async () => {
          const started = performance.now();
          const res = await fetch(`${svc.base}/vault/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ q: word }) });
          await res.text();
          return performance.now() - started;
        },
      };
      const series = Object.fromEntries(Object.keys(cases).map((name) => [name, [] as number[]]));
      for (let i = 0; i < warmup; i++) for (const run of Object.values(cases)) await run();
      const loadAtStart = os.loadavg()[0] ?? 0;
      for (let i = 0; i < runs; i++) for (const [name, run] of Object.entries(cases)) series[name]?.push(await run());
      const loadAtEnd = os.loadavg()[0] ?? 0;

      const median = (name: string) => summarize(series[name] ?? []).median;
      const base = median('node -e 0');
      process.stdout.write(
        `CLI start: ${String(notes)} notes; ${String(runs)} interleaved runs after ${String(warmup)} warm-up; ${node} (Node ${process.versions.node} here); ${String(os.cpus().length)} cores\n`,
      );
      for (const name of Object.keys(cases)) {
        const s = summarize(series[name] ?? []);
        process.stdout.write(`  ${name.padEnd(30)} median ${s.median.toFixed(1).padStart(7)} ms   p90 ${s.p90.toFixed(1).padStart(7)} ms   ×${round(s.median / base).toFixed(2)} node -e 0\n`);
      }
      const ratio = median('knower search (script)') / base;
      process.stdout.write(
        `  knower search / node -e 0: ×${ratio.toFixed(2)} (target ≤ ×${TARGET.toFixed(1)}: ${ratio <= TARGET ? 'met' : 'missed'}); load average ${round(loadAtStart)} → ${round(loadAtEnd)}\n`,
      );
    } finally {
      await svc.close();
    }
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
