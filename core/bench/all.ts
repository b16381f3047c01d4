/**
 * npm run bench [-- --sizes 1000,10000,100000 --realistic 1000,10000,100000 --real 2500 --multilingual 1500 --quick --seed 42
 *                   --updates 40 --notes 1000 --bootstrap-notes 10000 --pdfs 2000 --runs 30 --only scale,updates,history,capture,cli,recall]
 * The root `npm run bench`: the scale bench (run.ts), then the per-update overhead
 * (update-bench.ts), then the history's cost (history-bench.ts), then capture and PDFs in
 * search (capture-bench.ts), then `knower search` beside `node -e 0` (cli-start-bench.ts), then
 * recall on questions with known answers against BM25 and BM25 + Porter (recall-bench.ts), one
 * after the other, each
 * given the flags that are its own (--sizes goes to the scale and history benches alike).
 * A flag none of them knows is refused, rather than silently dropped.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));

const PARTS = {
  scale: { script: 'run.ts', flags: ['sizes', 'realistic', 'real', 'multilingual', 'quick', 'seed'] },
  updates: { script: 'update-bench.ts', flags: ['updates', 'notes', 'bootstrap-notes'] },
  history: { script: 'history-bench.ts', flags: ['sizes', 'updates'] },
  capture: { script: 'capture-bench.ts', flags: ['pdfs', 'seed'] },
  cli: { script: 'cli-start-bench.ts', flags: ['runs'] },
  recall: { script: 'recall-bench.ts', flags: ['quick', 'seed'] },
} as const;
type Part = keyof typeof PARTS;

const { values } = parseArgs({
  options: {
    sizes: { type: 'string' },
    realistic: { type: 'string' },
    real: { type: 'string' },
    multilingual: { type: 'string' },
    quick: { type: 'boolean' },
    seed: { type: 'string' },
    updates: { type: 'string' },
    notes: { type: 'string' },
    'bootstrap-notes': { type: 'string' },
    pdfs: { type: 'string' },
    runs: { type: 'string' },
    only: { type: 'string', default: Object.keys(PARTS).join(',') },
  },
});

const only = values.only.split(',').map((p) => p.trim());
const unknown = only.filter((p) => !(p in PARTS));
if (unknown.length) {
  process.stderr.write(`--only takes ${Object.keys(PARTS).join(', ')} (got ${unknown.join(', ')})\n`);
  process.exit(2);
}

for (const part of only as Part[]) {
  const { script, flags } = PARTS[part];
  const args: string[] = [];
  for (const flag of flags) {
    const value = values[flag];
    if (value === true) args.push(`--${flag}`);
    else if (typeof value === 'string') args.push(`--${flag}`, value);
  }
  process.stdout.write(`\n### bench ${part}: ${script} ${args.join(' ')}\n`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, script), ...args], { stdio: 'inherit', cwd: path.dirname(here) });
  if (run.status !== 0) {
    process.stderr.write(`bench ${part} failed (exit ${run.status ?? run.signal})\n`);
    process.exit(run.status ?? 1);
  }
}
