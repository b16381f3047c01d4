/**
 * npm run bench:updates [-- --updates 100 --notes 1000 --bootstrap-notes 10000]
 * Per-update overhead outside the model: the fake model servers answer at once, so what an
 * update costs from POST /update to its `done` event is Knower's own work (persisting, the
 * queue, bootstrap context, tool calls, journal, client round trips on loopback). Measured side
 * by side for each provider (Anthropic's Messages API; OpenAI-compatible Chat Completions,
 * streamed and plain), in interleaved rounds so that a noisy machine weighs on all alike.
 * Also the size of the bootstrap context the update agent sends for a large vault.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startFakeAnthropicServer, text, toolUse, turn, type FakeAnthropicServer, type WireRequest } from '../test/fakes/fake-anthropic-server.js';
import { forUpdate } from '../test/fakes/scripted-model.js';
import * as scripted from '../test/fakes/scripted-provider.js';
import { generateVault } from './generate-vault.js';
import { startService, type BenchService } from './service.js';
import { connectSse } from './sse-client.js';
import { summarize, timed } from './stats.js';

const { values } = parseArgs({
  options: {
    updates: { type: 'string', default: '100' },
    notes: { type: 'string', default: '1000' },
    'bootstrap-notes': { type: 'string', default: '10000' },
  },
});
const log = (line: string) => process.stdout.write(`${line}\n`);

/** Read a project's state, append a line to it, finish: a typical filing, answered at once. */
function scriptUpdates(model: FakeAnthropicServer, count: number, target: string): void {
  for (let i = 0; i < count; i++) {
    model.push(
      turn(toolUse('read', { path: target })),
      forUpdate((id) => turn(toolUse('append', { path: target, content: `- noted ${id}`, position: 'bottom' }))),
      turn(text('Noted.')),
    );
  }
}

async function withVault<T>(notes: number, modelEnv: Record<string, string>, fn: (svc: BenchService, projects: string[]) => Promise<T>): Promise<T> {
  const temp = await mkdtemp(path.join(os.tmpdir(), `knower-updates-${notes}-`));
  try {
    const generated = await generateVault(path.join(temp, 'vault'), notes);
    const svc = await startService(path.join(temp, 'vault'), path.join(temp, 'state'), { ...process.env, ...modelEnv });
    try {
      return await fn(svc, generated.projects);
    } finally {
      await svc.close();
    }
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

const post = (base: string, text: string) =>
  fetch(`${base}/update`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text }) }).then((r) => r.json() as Promise<{ id: string }>);

/** Characters of everything but the tool definitions in the update agent's first request. */
function contextChars(req: WireRequest): { system: number; firstTurn: number } {
  const system = (req.system ?? []).reduce((n, block) => n + block.text.length, 0);
  const first = req.messages[0]?.content ?? '';
  const firstTurn = typeof first === 'string' ? first.length : first.reduce((n, b) => n + (typeof b.text === 'string' ? b.text.length : 0), 0);
  return { system, firstTurn };
}

const VARIANTS = [
  { label: 'anthropic', provider: 'anthropic', stream: false },
  { label: 'openai, streamed', provider: 'openai', stream: true },
  { label: 'openai, plain', provider: 'openai', stream: false },
] as const;
const ROUND = 10;

/** One service per provider, all on identical vaults, updates run in rounds of ten taking turns. */
async function overheadByProvider(updates: number, notes: number): Promise<void> {
  const models = await Promise.all(VARIANTS.map((v) => scripted.startScriptedModel(v.provider, { stream: v.stream })));
  const samples: number[][] = VARIANTS.map(() => []);
  const nest = async (i: number, runs: Array<() => Promise<number>>): Promise<void> => {
    if (i === VARIANTS.length) {
      for (let w = 0; w < 5; w++) for (const run of runs) await run(); // warm-up: connections, JIT
      for (let done = 0; done < updates; done += ROUND) {
        for (const [v, run] of runs.entries()) for (let k = 0; k < Math.min(ROUND, updates - done); k++) samples[v]!.push(await run());
      }
      return;
    }
    const model = models[i]!;
    await withVault(notes, model.env(), async (svc, projects) => {
      const target = `projects/${projects[0]}/state.md`;
      for (let u = 0; u < updates + 5; u++) {
        model.push(
          scripted.tools(['read', { path: target }]),
          scripted.forUpdate((id) => scripted.tools(['append', { path: target, content: `- noted ${id}`, position: 'bottom' }])),
          scripted.answer('Noted.'),
        );
      }
      const sse = await connectSse(`${svc.base}/sse`);
      try {
        const run = async () =>
          (
            await timed(async () => {
              const { id } = await post(svc.base, 'A thought worth keeping');
              await sse.next((e) => e.event === 'update_status' && (e.data as { id: string; status: string }).id === id && (e.data as { status: string }).status === 'done', 30_000);
            })
          ).ms;
        await nest(i + 1, [...runs, run]);
      } finally {
        sse.close();
      }
    });
  };
  try {
    await nest(0, []);
  } finally {
    await Promise.all(models.map((m) => m.close()));
  }
  const base = summarize(samples[0]!).median;
  for (const [v, variant] of VARIANTS.entries()) {
    const s = summarize(samples[v]!);
    log(`  ${variant.label.padEnd(17)} median ${s.median} ms, p90 ${s.p90} ms, max ${s.max} ms (n=${s.n}; 3 model calls each)${v ? `; ×${(s.median / base).toFixed(2)} anthropic's median` : ''}`);
  }
}

async function main(): Promise<void> {
  const updates = Number(values.updates);
  const notes = Number(values.notes);
  const model = await startFakeAnthropicServer();
  try {
    log(`per-update overhead, POST /update → update_status done: ${updates} updates per provider, one at a time, on ${notes}-note vaults (the model answers at once)`);
    await overheadByProvider(updates, notes);

    const big = Number(values['bootstrap-notes']);
    log(`bootstrap context: one update on a ${big}-note vault`);
    const sizes = await withVault(big, { KNOWER_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: 'bench-key', ANTHROPIC_BASE_URL: model.baseURL }, async (svc, projects) => {
      const before = model.requests.length;
      scriptUpdates(model, 1, `projects/${projects[0]}/state.md`);
      const { id } = await post(svc.base, 'A thought worth keeping');
      const deadline = Date.now() + 60_000;
      while (svc.knower.queue.get(id)?.status !== 'done' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const first = model.requests[before];
      if (!first) throw new Error('the update agent sent no request');
      return contextChars(first.body);
    });
    log(`  system prompt + bootstrap context: ${sizes.system} chars ≈ ${Math.ceil(sizes.system / 4)} tokens; first user turn ${sizes.firstTurn} chars ≈ ${Math.ceil(sizes.firstTurn / 4)} tokens`);
  } finally {
    await model.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench:updates failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
