/**
 * The CLI as a person feels it: how long `stop` takes, how soon `add --wait` returns once the
 * update has an outcome, how soon `ask` prints something. A model that answers every turn in
 * `--turn-ms` (a fast hosted model) is played by the fake Messages API the tests use.
 *
 *   npx tsx bench/cli-bench.ts [--runs 5] [--turn-ms 1000] [--knower /path/to/checkout/knower]
 *
 * `--knower` runs another checkout's CLI and service (an older version, to compare).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort } from '../test/helpers/free-port.js';
import { lastToolResults, startFakeAnthropicServer, text, toolUse, type ScriptStep, type WireRequest } from '../test/fakes/fake-anthropic-server.js';
import { summarize } from './stats.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, 'turn-ms': { type: 'string', default: '1000' }, knower: { type: 'string' } } });
const runs = Number(values.runs);
const turnMs = Number(values['turn-ms']);
const knower = values.knower ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'knower');

interface Timed {
  code: number | null;
  /** From the start of the command to its first byte on stdout or stderr. */
  firstOutputMs: number;
  totalMs: number;
  /** Wall-clock time at its exit (ms since the epoch), to compare with the service's timestamps. */
  endedAt: number;
  stdout: string;
}

function timed(args: string[], env: NodeJS.ProcessEnv): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let first = 0;
    let stdout = '';
    const child = spawn(knower, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const seen = () => (first ||= performance.now() - started);
    child.stdout.on('data', (c: Buffer) => {
      seen();
      stdout += c.toString();
    });
    child.stderr.on('data', seen);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, firstOutputMs: first, totalMs: performance.now() - started, endedAt: Date.now(), stdout }));
  });
}

/** Every turn takes `turnMs`: the search agent searches, reads, then answers; the update agent appends, then says it is done. */
function modelTurn(req: WireRequest): ScriptStep {
  const isUpdate = (req.tools ?? []).some((t) => t.name === 'append');
  const done = lastToolResults(req).length > 0 ? req.messages.filter((m) => m.role === 'assistant').length : 0;
  const step = (content: ReturnType<typeof text>[]): ScriptStep => ({ kind: 'message', content, stopReason: content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn', delayMs: turnMs });
  if (isUpdate) return done === 0 ? step([toolUse('append', { path: 'tasks.md', content: '- water the garlic', position: 'bottom' })]) : step([text('Added to tasks.md.')]);
  if (done === 0) return step([toolUse('search', { query: 'garlic' })]);
  if (done === 1) return step([toolUse('read', { path: 'overview.md' })]);
  return step([text('## Garlic\n\nPlanted in bed 3.\n\nSources\n- `overview.md`')]);
}

async function main(): Promise<void> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'knower-cli-bench-'));
  const fake = await startFakeAnthropicServer(Array.from({ length: 400 }, () => ({ kind: 'dynamic', respond: modelTurn }) as ScriptStep));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: scratch,
    KNOWER_RUNTIME: 'native',
    KNOWER_ENV_FILE: path.join(scratch, 'none.env'),
    PORT: String(port),
    VAULT_PATH: path.join(scratch, 'vault'),
    KNOWER_STATE_DIR: path.join(scratch, 'state'),
    KNOWER_RUN_DIR: path.join(scratch, 'run'),
    KNOWER_EMBED_INTERVAL_S: '0',
    ANTHROPIC_API_KEY: 'bench-key',
    ANTHROPIC_BASE_URL: fake.baseURL,
    CI: 'true',
  };
  const stops: number[] = [];
  const asks: Timed[] = [];
  const adds: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const started = await timed(['start', '--wait'], env);
      if (started.code !== 0) throw new Error(`start failed: ${started.stdout}`);
      asks.push(await timed(['ask', 'where is the garlic?'], env));
      const added = await timed(['add', 'water the garlic', '--wait'], env);
      const id = added.stdout.split('\n')[0] ?? '';
      const record = (await (await fetch(`http://127.0.0.1:${String(port)}/updates/${id}`)).json()) as { finished: string };
      // From the moment the service recorded the outcome to the command's exit (same machine, same clock).
      adds.push(added.endedAt - Date.parse(record.finished));
      stops.push((await timed(['stop'], env)).totalMs);
    }
  } finally {
    await timed(['stop'], env);
    await fake.close();
    await rm(scratch, { recursive: true, force: true });
  }
  const ms = (xs: number[]) => `${summarize(xs).median.toFixed(0)} ms (${xs.map((x) => x.toFixed(0)).join(', ')})`;
  console.log(`CLI: ${knower}; ${String(runs)} runs, model turns of ${String(turnMs)} ms`);
  console.log(`  stop                                   ${ms(stops)}`);
  console.log(`  ask: first output                      ${ms(asks.map((a) => a.firstOutputMs))}`);
  console.log(`  ask: answer printed (3 model turns)    ${ms(asks.map((a) => a.totalMs))}`);
  console.log(`  add --wait: outcome recorded → exit     ${ms(adds)}`);
}

await main();
