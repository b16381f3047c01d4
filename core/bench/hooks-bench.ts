/**
 * npm run bench:hooks -w core [-- --sizes 1000,10000 --runs 40 --warmup 5]
 * The Claude Code plugin's hooks as Claude Code runs them (the commands of hooks.json, through
 * sh, the session's JSON on stdin), against a warm service in its own process on a generated
 * vault with a project named like the repository; wall time from spawn to exit, Node's own
 * start included.
 * - SessionStart (target: under 150 ms), and the size of the brief it prints.
 * - SessionEnd, which Claude Code cancels after 1.5 s (target: under 300 ms): capturing a
 *   40-exchange session with pasted secrets (secrets removed, spooled, the sender started), the
 *   same session ended again with nothing new, and a 20 MB transcript: captured for the first
 *   time (the worst case: its last 16 MB are read), then ended again after 40 more exchanges
 *   (the usual long session, whose earlier part a compaction captured). Each capture is a new
 *   session; the next run waits until the sender has delivered it, and how long after the
 *   hook's start that was is reported too.
 * Beside them, for scale: a bare `node -e 0` start, GET /brief alone, SessionStart with the
 * service stopped, and both hooks run from their sources (hooks/*.mjs, ten ES modules each: what
 * hooks.json ran before the bundles in hooks/vendor/). This file is the bench's composition root: it alone reads argv and the environment.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { appendFile, copyFile, readFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/index.js';
import { generateVault } from './generate-vault.js';
import { writeTranscript } from './claude-transcript.js';
import { startServiceProcess } from './service-process.js';
import { round, sleep } from './stats.js';

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

/** An event's command exactly as hooks.json declares it, ${CLAUDE_PLUGIN_ROOT} expanded. */
async function hookCommand(event: string): Promise<string> {
  const hooks = JSON.parse(await readFile(path.join(pluginRoot, 'hooks', 'hooks.json'), 'utf8')) as { hooks: Record<string, Array<{ hooks: Array<{ command: string }> }>> };
  const command = hooks.hooks[event]?.[0]?.hooks[0]?.command;
  if (!command) throw new Error(`hooks.json declares no ${event} command`);
  return command.replaceAll('${CLAUDE_PLUGIN_ROOT}', pluginRoot);
}

/** Captures waiting in the plugin's spool. */
function spooled(dataDir: string): number {
  try {
    return readdirSync(path.join(dataDir, 'spool')).filter((n) => n.endsWith('.json')).length;
  } catch {
    return 0;
  }
}

/** Milliseconds from `started` until the spool is empty (the sender delivered), or throws past `limitMs`. */
async function untilDelivered(dataDir: string, started: number, limitMs = 30_000): Promise<number> {
  while (spooled(dataDir) > 0) {
    if (performance.now() - started > limitMs) throw new Error(`the sender did not deliver within ${limitMs} ms`);
    await sleep(5);
  }
  return performance.now() - started;
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

async function benchSize(notes: number, command: string, captureCommand: string): Promise<Record<string, unknown>> {
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
      // The plugin's own data folder (Claude Code's CLAUDE_PLUGIN_DATA): the spool and how far each session was captured.
      const dataDir = path.join(temp, 'plugin-data');
      const env = { PATH: process.env.PATH, HOME: temp, CLAUDE_PLUGIN_ROOT: pluginRoot, CLAUDE_PLUGIN_DATA: dataDir, KNOWER_URL: svc.base };
      const hook = () => timedRun('sh', ['-c', command], env, input);

      // SessionEnd: a new session each run, so all of it is new.
      const shortTranscript = path.join(temp, 'short.jsonl');
      const longTranscript = path.join(temp, 'long.jsonl');
      const transcripts = {
        short: await writeTranscript(shortTranscript, { sessionId: 'bench', cwd: repo, exchanges: 40 }),
        long: await writeTranscript(longTranscript, { sessionId: 'bench', cwd: repo, exchanges: 40, padToBytes: 20 * 1024 * 1024 }),
      };
      const moreExchanges = await readFile(shortTranscript);
      const longCopy = path.join(temp, 'long-copy.jsonl');
      // The hooks from their sources, for comparison with the bundles hooks.json runs.
      const fromSource = (name: string) => `node "${path.join(pluginRoot, 'hooks', `${name}.mjs`)}"`;
      const sessionEnd = (transcript: string, session: string, run = captureCommand) =>
        timedRun('sh', ['-c', run], env, JSON.stringify({ session_id: session, transcript_path: transcript, cwd: repo, hook_event_name: 'SessionEnd', reason: 'other' }));
      let sessions = 0;
      /** One capture (of a new session unless named): the hook's wall time, then how long after its start the capture was delivered. */
      const capture = async (transcript: string, session = `bench-${++sessions}`, command = captureCommand) => {
        const started = performance.now();
        const run = await sessionEnd(transcript, session, command);
        if (run.code !== 0 || run.stdout !== '') throw new Error(`the SessionEnd hook failed (exit ${run.code}): ${run.stdout.slice(0, 200)}`);
        return { ms: run.ms, deliveredMs: await untilDelivered(dataDir, started), session };
      };

      for (let i = 0; i < warmup; i++) {
        await hook();
        await capture(shortTranscript);
      }
      // Interleaved, so a burst of load from elsewhere weighs on every series alike.
      const series = {
        hook: [] as number[],
        hookSource: [] as number[],
        node: [] as number[],
        brief: [] as number[],
        down: [] as number[],
        capture: [] as number[],
        captureSource: [] as number[],
        delivered: [] as number[],
        nothingNew: [] as number[],
        longFirst: [] as number[],
        longAgain: [] as number[],
      };
      let printed = '';
      const downEnv = { ...env, KNOWER_URL: `http://127.0.0.1:${await freePort()}` };
      for (let i = 0; i < runs; i++) {
        const run = await hook();
        if (run.code !== 0 || !run.stdout.startsWith('# Knower: project zebra-app')) throw new Error(`the hook did not print the brief (exit ${run.code}): ${run.stdout.slice(0, 200)}`);
        series.hook.push(run.ms);
        printed = run.stdout;
        const source = await timedRun('sh', ['-c', fromSource('session-start')], env, input);
        if (source.stdout !== run.stdout) throw new Error('the SessionStart hook printed another brief from its source');
        series.hookSource.push(source.ms);
        series.node.push((await timedRun(process.execPath, ['-e', '0'], env, '')).ms);
        const started = performance.now();
        const res = await fetch(`${svc.base}/brief?repo=zebra-app&tokens=1000`);
        await res.text();
        series.brief.push(performance.now() - started);
        const down = await timedRun('sh', ['-c', command], downEnv, input);
        if (down.stdout !== '' || down.code !== 0) throw new Error('with the service stopped the hook printed something or failed');
        series.down.push(down.ms);
        const captured = await capture(shortTranscript);
        series.capture.push(captured.ms);
        series.delivered.push(captured.deliveredMs);
        series.captureSource.push((await capture(shortTranscript, undefined, fromSource('capture'))).ms);
        series.nothingNew.push((await sessionEnd(shortTranscript, captured.session)).ms);
        await copyFile(longTranscript, longCopy);
        const first = await capture(longCopy);
        series.longFirst.push(first.ms);
        await appendFile(longCopy, moreExchanges);
        series.longAgain.push((await capture(longCopy, first.session)).ms);
      }
      return {
        notes: generated.notes + 10,
        loadAvg: { atStart: round(loadAtStart), atEnd: round(os.loadavg()[0]!) },
        sessionStartHook: dist(series.hook),
        sessionStartFromSource: dist(series.hookSource),
        nodeStartAlone: dist(series.node),
        getBrief: dist(series.brief),
        hookWithServiceStopped: dist(series.down),
        sessionEndCapture: dist(series.capture),
        sessionEndCaptureFromSource: dist(series.captureSource),
        sessionEndDelivered: dist(series.delivered),
        sessionEndNothingNew: dist(series.nothingNew),
        sessionEndLongFirstCapture: dist(series.longFirst),
        sessionEndLongCapturedBefore: dist(series.longAgain),
        transcripts: { shortBytes: transcripts.short, longBytes: transcripts.long },
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
  const command = await hookCommand('SessionStart');
  const captureCommand = await hookCommand('SessionEnd');
  const node = spawnSync(process.execPath, ['--version'], { encoding: 'utf8' }).stdout.trim();
  log(`SessionStart hook: ${command}`);
  log(`SessionEnd hook: ${captureCommand}`);
  log(`Node ${node} (${process.execPath}); ${os.cpus().length} cores; ${runs} runs after ${warmup} warm-up runs per size`);
  const cases: Array<Record<string, unknown>> = [];
  for (const n of sizes) {
    log(`\n${n.toLocaleString('en')} notes: generating, indexing, measuring…`);
    const figures = await benchSize(n, command, captureCommand);
    cases.push(figures);
    const line = (label: string, d: Dist) => log(`  ${label.padEnd(36)}median ${String(d.median).padStart(7)} ms   p95 ${String(d.p95).padStart(7)} ms   (min ${d.min}, max ${d.max})`);
    line('SessionStart hook, wall time', figures.sessionStartHook as Dist);
    line('  from its source (hooks/*.mjs)', figures.sessionStartFromSource as Dist);
    line('  node -e 0 alone', figures.nodeStartAlone as Dist);
    line('  GET /brief alone', figures.getBrief as Dist);
    line('hook with the service stopped', figures.hookWithServiceStopped as Dist);
    line('SessionEnd, 40 exchanges captured', figures.sessionEndCapture as Dist);
    line('  from its source (hooks/*.mjs)', figures.sessionEndCaptureFromSource as Dist);
    line('  delivered, from the hook start', figures.sessionEndDelivered as Dist);
    line('SessionEnd, nothing new', figures.sessionEndNothingNew as Dist);
    line('SessionEnd, 20 MB, first capture', figures.sessionEndLongFirstCapture as Dist);
    line('SessionEnd, 20 MB, 40 new exchanges', figures.sessionEndLongCapturedBefore as Dist);
    // The target: each hook at most 1.5x a bare Node start, measured side by side.
    const node = (figures.nodeStartAlone as Dist).median;
    const ratio = (label: string, d: Dist) => log(`  ${label.padEnd(40)}×${(d.median / node).toFixed(2)} node -e 0 (target ≤ ×1.5: ${d.median / node <= 1.5 ? 'met' : 'missed'})`);
    ratio('SessionStart / node -e 0', figures.sessionStartHook as Dist);
    ratio('SessionEnd (40 exchanges) / node -e 0', figures.sessionEndCapture as Dist);
    ratio('  from their sources: SessionStart', figures.sessionStartFromSource as Dist);
    ratio('  from their sources: SessionEnd', figures.sessionEndCaptureFromSource as Dist);
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
