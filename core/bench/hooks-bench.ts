/**
 * npm run bench:hooks -w core [-- --sizes 1000,10000 --runs 40 --warmup 5]
 * The Claude Code plugin's SessionStart hook as Claude Code runs it (the command of hooks.json,
 * through sh, the session's JSON on stdin), against a warm service in its own process on a
 * generated vault with a project named like the repository: wall time from spawn to exit,
 * Node's own start included (target: under 150 ms), and the size of the brief it prints.
 * Beside it, for scale: a bare `node -e 0` start, GET /brief alone, and the hook with the
 * service stopped. This file is the bench's composition root: it alone reads argv and the environment.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/index.js';
import { generateVault } from './generate-vault.js';
import { startServiceProcess } from './service-process.js';
import { round } from './stats.js';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000' },
    runs: { type: 'string', default: '40' },
    warmup: { type: 'string', default: '5' },
    seed: { type: 'string', default: '42' },
  },
});
const sizes = values.sizes
  .split(',')
  .filter(Boolean)
  .map((s) => Number(s.trim()));
const runs = Number(values.runs);
const warmup = Number(values.warmup);
if (sizes.some((n) => !Number.isInteger(n) || n < 100) || !(runs >= 5) || !(warmup >= 0)) throw new Error('--sizes takes note counts ≥ 100; --runs ≥ 5; --warmup ≥ 0');

const here = path.dirname(fileURLToPath(import.meta.url));
const core = path.resolve(here, '..');
const pluginRoot = path.resolve(core, '..', 'integrations', 'claude-code');
const resultsDir = path.join(here, 'results');
const config = loadConfig(process.env);
const log = (line: string) => process.stdout.write(`${line}\n`);

interface Dist {
  median: number;
  p95: number;
  min: number;
  max: number;
  n: number;
}

function dist(samples: number[]): Dist {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => {
    const i = (sorted.length - 1) * q;
    const lo = Math.floor(i);
    const hi = Math.ceil(i);
    return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (i - lo);
  };
  return { median: round(at(0.5), 1), p95: round(at(0.95), 1), min: round(sorted[0]!, 1), max: round(sorted[sorted.length - 1]!, 1), n: sorted.length };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Wall time of one process from spawn to exit, and what it printed. */
function timedRun(command: string, args: string[], env: NodeJS.ProcessEnv, stdin: string): Promise<{ ms: number; stdout: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'ignore'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ ms: performance.now() - started, stdout, code }));
    child.stdin.end(stdin);
  });
}

/** The SessionStart command exactly as hooks.json declares it, ${CLAUDE_PLUGIN_ROOT} expanded. */
async function sessionStartCommand(): Promise<string> {
  const hooks = JSON.parse(await readFile(path.join(pluginRoot, 'hooks', 'hooks.json'), 'utf8')) as { hooks: Record<string, Array<{ hooks: Array<{ command: string }> }>> };
  const command = hooks.hooks.SessionStart?.[0]?.hooks[0]?.command;
  if (!command) throw new Error('hooks.json declares no SessionStart command');
  return command.replaceAll('${CLAUDE_PLUGIN_ROOT}', pluginRoot);
}

/** A project named like the repository, with notes the size real ones reach: the brief has to choose. */
async function addProject(vault: string, name: string): Promise<void> {
  const dir = path.join(vault, 'projects', name);
  await mkdir(dir, { recursive: true });
  const facts = Array.from({ length: 60 }, (_, i) => `- Decision ${i}: the ${['cache', 'watcher', 'client', 'deploy'][i % 4]} uses option ${i} because it measured best.`);
  await writeFile(path.join(dir, 'state.md'), `# State\n\nWhere ${name} stands.\n\n## Decisions\n\n${facts.join('\n')}\n`);
  const tasks = Array.from({ length: 40 }, (_, i) => `- [${i % 3 === 0 ? 'x' : ' '}] Task ${i}: follow up on item ${i}`);
  await writeFile(path.join(dir, 'tasks.md'), `# Tasks\n\n${tasks.join('\n')}\n`);
  const entries = Array.from({ length: 30 }, (_, i) => `## 2025-05-${String(30 - (i % 28)).padStart(2, '0')} 10:00 UTC · update u-${30 - i}\n- Changed ${name} step ${30 - i}`);
  await writeFile(path.join(dir, 'changelog.md'), `# Changelog\n\nNewest first.\n\n${entries.join('\n\n')}\n`);
  await writeFile(path.join(dir, 'description.md'), `# ${name}\n\nThe ${name} repository: an API client with a response cache.\n`);
  for (let i = 0; i < 5; i++) await writeFile(path.join(dir, `design-${i}.md`), `# Design ${i}\n\nHow ${name} part ${i} works.\n`);
}

async function benchSize(notes: number, command: string): Promise<Record<string, unknown>> {
  const temp = await mkdtemp(path.join(os.tmpdir(), 'knower-hooks-bench-'));
  try {
    const vault = path.join(temp, 'vault');
    const generated = await generateVault(vault, notes - 10, Number(values.seed));
    await addProject(vault, 'zebra-app');
    const repo = path.join(temp, 'code', 'zebra-app');
    await mkdir(path.join(repo, 'src'), { recursive: true });
    spawnSync('git', ['init', '-q', repo]);

    const svc = await startServiceProcess({ nodeBinary: config.qmd.nodeBinary, vault, stateDir: path.join(temp, 'state'), port: await freePort(), env: config.childEnv });
    try {
      await svc.untilIdle(15 * 60_000);
      const loadAtStart = os.loadavg()[0]!;
      const input = JSON.stringify({ session_id: 'bench', transcript_path: path.join(temp, 'none.jsonl'), cwd: path.join(repo, 'src'), hook_event_name: 'SessionStart', source: 'startup' });
      const env = { PATH: process.env.PATH, HOME: temp, CLAUDE_PLUGIN_ROOT: pluginRoot, KNOWER_URL: svc.base };
      const hook = () => timedRun('sh', ['-c', command], env, input);

      for (let i = 0; i < warmup; i++) await hook();
      // Interleaved, so a burst of load from elsewhere weighs on every series alike.
      const series = { hook: [] as number[], node: [] as number[], brief: [] as number[], down: [] as number[] };
      let printed = '';
      const downEnv = { ...env, KNOWER_URL: `http://127.0.0.1:${await freePort()}` };
      for (let i = 0; i < runs; i++) {
        const run = await hook();
        if (run.code !== 0 || !run.stdout.startsWith('# Knower: project zebra-app')) throw new Error(`the hook did not print the brief (exit ${run.code}): ${run.stdout.slice(0, 200)}`);
        series.hook.push(run.ms);
        printed = run.stdout;
        series.node.push((await timedRun(process.execPath, ['-e', '0'], env, '')).ms);
        const started = performance.now();
        const res = await fetch(`${svc.base}/brief?repo=zebra-app&tokens=1000`);
        await res.text();
        series.brief.push(performance.now() - started);
        const down = await timedRun('sh', ['-c', command], downEnv, input);
        if (down.stdout !== '' || down.code !== 0) throw new Error('with the service stopped the hook printed something or failed');
        series.down.push(down.ms);
      }
      return {
        notes: generated.notes + 10,
        loadAvg: { atStart: round(loadAtStart), atEnd: round(os.loadavg()[0]!) },
        sessionStartHook: dist(series.hook),
        nodeStartAlone: dist(series.node),
        getBrief: dist(series.brief),
        hookWithServiceStopped: dist(series.down),
        brief: { chars: printed.length, tokens: Math.ceil(printed.length / 4) },
      };
    } finally {
      await svc.close();
    }
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const command = await sessionStartCommand();
  const node = spawnSync(process.execPath, ['--version'], { encoding: 'utf8' }).stdout.trim();
  log(`SessionStart hook: ${command}`);
  log(`Node ${node} (${process.execPath}); ${os.cpus().length} cores; ${runs} runs after ${warmup} warm-up runs per size`);
  const cases: Array<Record<string, unknown>> = [];
  for (const n of sizes) {
    log(`\n${n.toLocaleString('en')} notes: generating, indexing, measuring…`);
    const figures = await benchSize(n, command);
    cases.push(figures);
    const line = (label: string, d: Dist) => log(`  ${label.padEnd(36)}median ${String(d.median).padStart(7)} ms   p95 ${String(d.p95).padStart(7)} ms   (min ${d.min}, max ${d.max})`);
    line('SessionStart hook, wall time', figures.sessionStartHook as Dist);
    line('  node -e 0 alone', figures.nodeStartAlone as Dist);
    line('  GET /brief alone', figures.getBrief as Dist);
    line('hook with the service stopped', figures.hookWithServiceStopped as Dist);
    const brief = figures.brief as { chars: number; tokens: number };
    const load = figures.loadAvg as { atStart: number; atEnd: number };
    log(`  brief printed: ${brief.chars} characters, ${brief.tokens} tokens (budget 1,000); load ${load.atStart} → ${load.atEnd}`);
  }
  await mkdir(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `hooks-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(file, `${JSON.stringify({ node, runs, warmup, cases }, null, 2)}\n`);
  log(`\nResults: ${file}`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
