/**
 * npm run bench:races [-- --saves 10000 --writers 16 --updates 60]
 * Saves lost to Knower, counted. Separate processes save notes the ways editors do (a temp file
 * renamed over the note; rewritten in place; appended to) at mixed cadences (5–500 ms, many just
 * around the background job's quiet time, when its rewrite lands), while the running service
 * stamps them and a stream of agent updates (the real SDK against the scripted Messages API)
 * reads and appends to the same notes. Checked:
 * - before each save, that the previous one is still there (Knower's frontmatter fields aside):
 *   a save replaced by anything else is lost; at the end, that the last save is the note;
 * - every appended line is in the final note exactly once, in order;
 * - each agent commit in the history: its parent holds exactly the note the agent changed, so
 *   what the person had was in the history before Knower changed it;
 * - no temp, aside or `.restored` file is left in the vault.
 */
import { fork, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildService } from '../src/app.js';
import { loadConfig } from '../src/config/index.js';
import { settleWrites } from '../src/vault/index.js';
import { withoutJobFields } from '../src/vault/version-key.js';
import { startFakeAnthropicServer, text, toolUse, turn } from '../test/fakes/fake-anthropic-server.js';
import { createFakeSearchEngine } from '../test/fakes/fake-search-engine.js';
import { forUpdate } from '../test/fakes/scripted-model.js';
import { saveResults } from './report.js';
import type { SaveKind, WriterJob, WriterReport } from './race-writer.js';
import { summarize } from './stats.js';

const { values } = parseArgs({ options: { saves: { type: 'string', default: '10000' }, writers: { type: 'string', default: '16' }, updates: { type: 'string', default: '60' } } });
const totalSaves = Number(values.saves);
const writers = Number(values.writers);
const updates = Number(values.updates);
const log = (line: string) => process.stdout.write(`${line}\n`);
const KINDS: SaveKind[] = ['rename', 'in-place', 'append'];

function runWriterProcess(job: WriterJob): Promise<WriterReport> {
  const entry = fileURLToPath(new URL('./race-writer.ts', import.meta.url));
  const child = fork(entry, [JSON.stringify(job)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (report) => resolve(report as WriterReport));
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`writer ${job.writer} exited with ${code}`))));
  });
}

const nonEmptyLines = (s: string) => s.split('\n').filter((l) => l.trim() !== '');

/** Appended lines missing from the note, or there twice, or out of order. */
function checkAppends(report: WriterReport, final: string): { lost: number; duplicated: number; misordered: number } {
  const lines = final.split('\n').map((l) => `${l}\n`);
  let lost = 0;
  let duplicated = 0;
  let misordered = 0;
  let last = -1;
  for (const line of report.appended) {
    const at = lines.indexOf(line);
    if (at === -1) lost++;
    else {
      if (lines.indexOf(line, at + 1) !== -1) duplicated++;
      if (at < last) misordered++;
      last = at;
    }
  }
  return { lost, duplicated, misordered };
}

/**
 * Each agent commit touching a note: the note in the commit, less the agent's own line, is
 * exactly the note in the commit before it (job fields aside), so what the person had when the
 * agent changed it was committed first.
 */
function checkHistory(gitDir: string, notes: string[]): { commits: number; violations: string[] } {
  const git = (...args: string[]) =>
    spawnSync('git', args, { env: { PATH: process.env.PATH, GIT_DIR: gitDir, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const log = git('log', '--format=%H %an', 'refs/heads/main').stdout.trim().split('\n');
  let commits = 0;
  const violations: string[] = [];
  for (const line of log) {
    const [commit, ...author] = line.split(' ');
    if (!commit || author.join(' ') !== 'Knower update agent') continue;
    const changed = git('diff-tree', '-r', '--no-commit-id', '--name-status', `${commit}^`, commit).stdout.trim().split('\n');
    for (const entry of changed) {
      const [status, rel] = entry.split('\t');
      if (status !== 'M' || !rel || !notes.includes(rel)) continue;
      commits++;
      const after = nonEmptyLines(withoutJobFields(git('show', `${commit}:${rel}`).stdout));
      const before = nonEmptyLines(withoutJobFields(git('show', `${commit}^:${rel}`).stdout));
      // The agent appends at the bottom: its line is the last one it added.
      const agentLine = after.findLastIndex((l) => l.startsWith('- agent '));
      if (agentLine !== -1) after.splice(agentLine, 1);
      if (after.join('\n') !== before.join('\n')) violations.push(`${commit.slice(0, 7)} ${rel}`);
    }
  }
  return { commits, violations };
}

async function leftovers(vault: string): Promise<string[]> {
  const out: string[] = [];
  for (const d of await readdir(vault, { withFileTypes: true, recursive: true })) {
    if (d.isFile() && (/^\..*\.(tmp|swap)$/.test(d.name) || d.name.endsWith('.restored'))) out.push(path.relative(vault, path.join(d.parentPath, d.name)));
  }
  return out;
}

async function main(): Promise<void> {
  const temp = await mkdtemp(path.join(os.tmpdir(), 'knower-races-'));
  const vault = path.join(temp, 'vault');
  const model = await startFakeAnthropicServer();
  try {
    const jobs: WriterJob[] = Array.from({ length: writers }, (_, w) => ({
      file: path.join(vault, 'projects', 'race', `note-${w}.md`),
      kind: KINDS[w % KINDS.length] as SaveKind,
      saves: Math.ceil(totalSaves / writers),
      seed: 1000 + w,
      writer: w,
    }));
    await mkdir(path.join(vault, 'projects', 'race'), { recursive: true });
    for (const job of jobs) await writeFile(job.file, `# Race note ${job.writer}\n\n`);
    const appendNotes = jobs.filter((j) => j.kind === 'append').map((j) => path.relative(vault, j.file));
    const config = loadConfig(
      {
        PATH: process.env.PATH,
        VAULT_PATH: vault,
        KNOWER_STATE_DIR: path.join(temp, 'state'),
        KNOWER_EMBED_INTERVAL_S: '0',
        KNOWER_LOG_LEVEL: 'silent',
        KNOWER_FRONTMATTER: 'all',
        ANTHROPIC_API_KEY: 'bench',
        ANTHROPIC_BASE_URL: model.baseURL,
        HOST: '127.0.0.1',
      },
      temp,
    );
    const { app, knower } = await buildService({ config, search: createFakeSearchEngine(vault), logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
    await knower.whenSettled();

    log(`${writers} writers (${KINDS.map((k) => `${jobs.filter((j) => j.kind === k).length} ${k}`).join(', ')}), ${jobs[0]?.saves} saves each; ${updates} agent updates alongside …`);
    const started = performance.now();
    let writing = true;
    const reports = Promise.all(jobs.map(runWriterProcess)).finally(() => (writing = false));
    // The agent stream: one update at a time (the queue runs them so anyway), while the editors save.
    const agent = (async () => {
      const ids: string[] = [];
      for (let i = 0; i < updates && writing; i++) {
        const target = appendNotes[i % appendNotes.length] as string;
        model.push(
          turn(toolUse('read', { path: target })),
          forUpdate((id) => turn(toolUse('append', { path: target, content: `- agent ${id}`, position: 'bottom' }))),
          forUpdate((id) => turn(toolUse('write', { path: `bucket/agent-${id}.md`, content: `# Agent note\n\nFiled by ${id}.\n` }))),
          turn(text('Filed.')),
        );
        const res = await fetch(`${base}/update`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: `Race update ${i}` }) });
        const { id } = (await res.json()) as { id: string };
        ids.push(id);
        while (!['done', 'failed', 'inbox'].includes(knower.queue.get(id)?.status ?? '')) await new Promise((r) => setTimeout(r, 20));
        await new Promise((r) => setTimeout(r, 400));
      }
      return ids;
    })();
    const results = await reports;
    const seconds = (performance.now() - started) / 1000;
    const ids = await agent;
    await knower.queue.whenIdle();
    await knower.whenSettled();
    await settleWrites();
    await knower.history.whenIdle();

    const lostSaves = results.flatMap((r) => r.lost.map((l) => ({ file: path.relative(vault, r.file), ...l })));
    const finals = await Promise.all(results.map(async (r) => ({ r, final: await readFile(r.file, 'utf8') })));
    const finalLost = finals.filter(({ r, final }) => r.kind !== 'append' && withoutJobFields(final) !== r.last).map(({ r }) => path.relative(vault, r.file));
    const appends = finals.filter(({ r }) => r.kind === 'append').map(({ r, final }) => checkAppends(r, final));
    const sum = (key: 'lost' | 'duplicated' | 'misordered') => appends.reduce((n, a) => n + a[key], 0);
    const agentLines = finals.reduce((n, { final }) => n + nonEmptyLines(final).filter((l) => l.startsWith('- agent ')).length, 0);
    const records = ids.map((id) => knower.queue.get(id));
    const history = checkHistory(path.join(temp, 'state', 'history', 'repo.git'), appendNotes);
    const left = await leftovers(vault);
    const job = knower.job.stats();
    await app.close();

    const byKind = Object.fromEntries(KINDS.map((k) => [k, results.filter((r) => r.kind === k).reduce((n, r) => n + r.saves, 0)]));
    const saves = results.reduce((n, r) => n + r.saves, 0);
    const cadence = summarize(results.flatMap((r) => r.cadenceMs));
    const lost = lostSaves.length + finalLost.length + sum('lost');
    const result = {
      saves,
      byKind,
      seconds: Number(seconds.toFixed(1)),
      cadenceMs: cadence,
      job: { stamps: job.writes, yielded: job.conflicts },
      agent: { updates: records.length, done: records.filter((r) => r?.status === 'done').length, linesLanded: agentLines },
      lost: { total: lost, overwritten: lostSaves, finalVersions: finalLost, appendedLines: sum('lost') },
      appendedDuplicated: sum('duplicated'),
      appendedMisordered: sum('misordered'),
      history,
      leftovers: left,
      machine: { cpus: os.cpus().length, load: os.loadavg()[0] },
    };
    log(`\nsaves: ${saves} (${KINDS.map((k) => `${k} ${byKind[k]}`).join(', ')}) in ${result.seconds} s; cadence median ${cadence.median} ms (5–500)`);
    log(`background job: ${job.writes} stamps, ${job.conflicts} times it yielded to a save`);
    log(`agent updates: ${result.agent.done}/${result.agent.updates} done, ${agentLines} agent lines in the notes`);
    log(`appended lines: ${sum('lost')} lost, ${sum('duplicated')} duplicated, ${sum('misordered')} out of order`);
    log(
      `history: ${history.commits} agent changes checked, ${history.violations.length} whose note was not committed first${history.violations.length ? ` (${history.violations.slice(0, 5).join(', ')})` : ''}`,
    );
    log(`leftover temp/aside files: ${left.length}${left.length ? ` (${left.slice(0, 5).join(', ')})` : ''}`);
    log(
      `SAVES LOST: ${lost}${
        lostSaves.length
          ? ` (${lostSaves
              .slice(0, 3)
              .map((l) => `${l.file} save ${l.save}`)
              .join(', ')})`
          : ''
      }`,
    );
    log(`machine: ${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(2)}`);
    log(`results: ${await saveResults(path.join(fileURLToPath(new URL('.', import.meta.url)), 'results', 'races'), result)}`);
    if (lost > 0 || history.violations.length > 0 || left.length > 0 || sum('duplicated') > 0) process.exitCode = 1;
  } finally {
    await model.close();
    await rm(temp, { recursive: true, force: true });
  }
}

await main();
