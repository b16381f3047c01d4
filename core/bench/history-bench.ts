/**
 * npm run bench:history [-- --sizes 1000,10000 --updates 40]
 * What the history costs, side by side at each vault size:
 *  - per update: the time its completion waits on the history (changes from the journal + the
 *    journal handed over) and the commit made after it (hand-edit flush + plumbing commit);
 *  - the naive alternative in the same run: `git add -A` + `git commit` over the whole vault
 *    (its own scratch repository) after one file changed;
 *  - the first snapshot of an existing vault (in the background: start-up does not wait);
 *  - the history repository's size, and GET /updates/:id/diff latency over HTTP.
 * The model is the fake Messages API answering at once, so the figures are Knower's own work.
 */
import { spawnSync } from 'node:child_process';
import { appendFile, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildService } from '../src/app.js';
import { loadConfig } from '../src/config/index.js';
import { startFakeAnthropicServer, text, toolUse, turn, type FakeAnthropicServer } from '../test/fakes/fake-anthropic-server.js';
import { createFakeSearchEngine } from '../test/fakes/fake-search-engine.js';
import { forUpdate } from '../test/fakes/scripted-model.js';
import { generateVault } from './generate-vault.js';
import { summarize, timed, type Summary } from './stats.js';

const { values } = parseArgs({ options: { sizes: { type: 'string', default: '1000,10000' }, updates: { type: 'string', default: '40' } } });
const sizes = values.sizes.split(',').map(Number);
const updates = Number(values.updates);
const log = (line: string) => process.stdout.write(`${line}\n`);

async function duBytes(dir: string): Promise<number> {
  let total = 0;
  for (const d of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (d.isFile()) total += (await stat(path.join(d.parentPath, d.name))).size;
  }
  return total;
}

/** The plain approach, for comparison: stage and commit the whole work tree after one edit. */
function naiveCommit(vault: string, scratch: string, target: string, samples: number): Summary {
  const base = { PATH: process.env.PATH, GIT_DIR: scratch, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };
  const env = { ...base, GIT_WORK_TREE: vault, GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@b', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@b' };
  const git = (...args: string[]) => {
    const out = spawnSync('git', args, { env, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    if (out.status !== 0) throw new Error(`naive git ${args[0]}: ${out.stderr}`);
  };
  if (spawnSync('git', ['init', '--quiet'], { env: base }).status !== 0) throw new Error('naive git init failed');
  git('add', '-A');
  git('commit', '--quiet', '-m', 'first');
  const ms: number[] = [];
  for (let i = 0; i < samples; i++) {
    spawnSync('sh', ['-c', `printf -- '- naive ${i}\\n' >> "$1"`, 'sh', path.join(vault, target)]);
    const t0 = performance.now();
    git('add', '-A');
    git('commit', '--quiet', '-m', `edit ${i}`);
    ms.push(performance.now() - t0);
  }
  return summarize(ms);
}

async function benchSize(notes: number, model: FakeAnthropicServer) {
  const temp = await mkdtemp(path.join(os.tmpdir(), `knower-history-bench-${notes}-`));
  try {
    const vault = path.join(temp, 'vault');
    const generated = await generateVault(vault, notes);
    const target = `projects/${generated.projects[0]}/state.md`;
    const config = loadConfig(
      {
        ...process.env,
        VAULT_PATH: vault,
        KNOWER_STATE_DIR: path.join(temp, 'state'),
        KNOWER_EMBED_INTERVAL_S: '0',
        KNOWER_LOG_LEVEL: 'silent',
        ANTHROPIC_API_KEY: 'bench',
        ANTHROPIC_BASE_URL: model.baseURL,
        HOST: '127.0.0.1',
      },
      temp,
    );
    const t0 = performance.now();
    // The in-process engine: it looks at the files as the worker does (so the listing and the
    // job are real) without qmd's index, whose cost is not the history's.
    const { app, knower } = await buildService({ config, search: createFakeSearchEngine(vault), logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const listening = performance.now() - t0;
    const { history } = knower;
    try {
      await knower.whenSettled();
      const firstSnapshotMs = history.timings().catchUpMs ?? NaN;
      const afterSnapshot = await duBytes(path.join(temp, 'state', 'history'));
      const address = app.server.address();
      const base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
      const ids: string[] = [];
      for (let i = 0; i < updates + 3; i++) {
        model.push(
          turn(toolUse('read', { path: target })),
          forUpdate((id) => turn(toolUse('append', { path: target, content: `- noted ${id}`, position: 'bottom' }))),
          turn(text('Noted.')),
        );
        const res = await fetch(`${base}/update`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: `Thought ${i}` }) });
        const { id } = (await res.json()) as { id: string };
        while (!['done', 'failed', 'inbox'].includes(knower.queue.get(id)?.status ?? '')) await new Promise((r) => setTimeout(r, 5));
        await history.whenIdle();
        ids.push(id);
        // A hand edit between updates, as people do: the next commit flushes it first.
        if (i % 4 === 0) await appendFile(path.join(vault, generated.paths[i + 10] ?? target), `\nHand edit ${i}.\n`);
      }
      await knower.whenSettled();
      const t = history.timings();
      const skip = (xs: number[]) => xs.slice(3); // warm-up
      const waited = skip(t.changesMs).map((ms, i) => ms + (skip(t.handoverMs)[i] ?? 0));
      const diffMs: number[] = [];
      for (const id of ids.slice(3)) diffMs.push((await timed(() => fetch(`${base}/updates/${id}/diff`).then((r) => r.json()))).ms);
      const repoBytes = await duBytes(path.join(temp, 'state', 'history'));
      await app.close();
      // Side by side, on the same vault with the service stopped (the naive way gets an idle machine).
      const naive = naiveCommit(vault, path.join(temp, 'naive.git'), target, 7);
      return {
        notes: generated.notes,
        listening,
        firstSnapshotMs,
        afterSnapshot,
        waited: summarize(waited),
        parts: { changes: summarize(skip(t.changesMs)), handover: summarize(skip(t.handoverMs)) },
        commit: summarize(skip(t.commitMs)),
        naive,
        repoBytes,
        diff: summarize(diffMs),
        commits: history.status().commits,
      };
    } finally {
      await app.close();
    }
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<void> {
  const model = await startFakeAnthropicServer();
  try {
    const rows = [];
    for (const notes of sizes) {
      log(`[${notes}] generating the vault, starting the service, ${updates} updates …`);
      rows.push(await benchSize(notes, model));
    }
    log(`machine: ${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(2)}`);
    log(`\nhistory cost (medians; p90 in brackets; ${updates} updates per size, one hand edit every 4 updates)`);
    log(['notes', 'update waits on history', 'async commit', 'naive add -A + commit', 'first snapshot', 'listening after', 'repo size (start → end)', 'GET /updates/:id/diff'].join(' | '));
    for (const r of rows) {
      log(
        [
          r.notes,
          `${r.waited.median} ms [${r.waited.p90}] (changes ${r.parts.changes.median} + hand-over ${r.parts.handover.median})`,
          `${r.commit.median} ms [${r.commit.p90}]`,
          `${r.naive.median} ms [${r.naive.p90}]`,
          `${Math.round(r.firstSnapshotMs)} ms (background)`,
          `${Math.round(r.listening)} ms`,
          `${mb(r.afterSnapshot)} → ${mb(r.repoBytes)} (${r.commits} commits)`,
          `${r.diff.median} ms [${r.diff.p90}]`,
        ].join(' | '),
      );
    }
  } finally {
    await model.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench:history failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
