/**
 * What a vault's size costs: CPU per save, a burst of new files, idle CPU, first start against
 * qmd's own indexing, the size of what the web app and the agents load first.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { boundedTreeView, estimateTokens } from '../src/agents/bootstrap.js';
import { entryOf } from '../src/jobs/note-entry.js';
import type { QmdContext } from '../src/search/qmd-process.js';
import { MemoryStore } from '../src/search/worker/memory-store.js';
import { VaultScanner } from '../src/search/worker/vault-scanner.js';
import { splitNote, VaultIndex } from '../src/vault/index.js';
import { processRssMb, type ServiceProcess } from './service-process.js';
import { sleep, summarize, withTimeout, type Summary } from './stats.js';

export interface SaveCpuFigures {
  /** CPU ms of the service and its worker per save, idle time subtracted (median of batch means). */
  perSave: Summary;
  idleCpuPercent: number;
  samples: number;
}

/**
 * Edits existing notes one at a time and reads the service's CPU time (user + system, service
 * and worker) over a fixed window after each save. Nothing polls the service meanwhile: a
 * search or health request would cost CPU of its own. The idle rate is subtracted.
 */
export async function benchSaveCpu(svc: ServiceProcess, vault: string, notes: string[], batches: number, perBatch: number, windowMs: number): Promise<SaveCpuFigures> {
  await svc.untilIdle(300_000);
  // What the last activity left behind (a tree.md write, garbage collection) is not idle.
  await sleep(3_000);
  const idleStart = await svc.cpuMs();
  const idleFrom = performance.now();
  await sleep(10_000);
  const idleRate = ((await svc.cpuMs()) - idleStart) / (performance.now() - idleFrom);
  const means: number[] = [];
  const stride = Math.max(1, Math.floor(notes.length / (batches * perBatch)));
  let n = 0;
  for (let b = 0; b < batches; b++) {
    const before = await svc.cpuMs();
    const from = performance.now();
    for (let i = 0; i < perBatch; i++, n++) {
      const rel = notes[(n * stride) % notes.length]!;
      const abs = path.join(vault, rel);
      await writeFile(abs, `${await readFile(abs, 'utf8')}\nEdited once more (${n}).\n`);
      await sleep(windowMs);
    }
    const spent = (await svc.cpuMs()) - before - idleRate * (performance.now() - from);
    means.push(Math.max(0, spent / perBatch));
  }
  return { perSave: summarize(means), idleCpuPercent: Number((idleRate * 100).toFixed(2)), samples: n };
}

export interface BurstFigures {
  files: number;
  /** From the first write to the last file found by search. */
  allSearchableMs: number;
}

export async function benchBurst(svc: ServiceProcess, vault: string, count: number): Promise<BurstFigures> {
  await svc.untilIdle(300_000);
  const before = (await svc.health()).qmd.documents ?? 0;
  const token = (i: number) => `zqburst${i.toString(36)}q`;
  const started = performance.now();
  await Promise.all(Array.from({ length: count }, (_, i) => writeFile(path.join(vault, `bench burst ${i}.md`), `# Burst ${i}\n\n${token(i)} arrived at once.\n`)));
  await withTimeout(
    (async () => {
      for (;;) {
        const h = await svc.health();
        if ((h.qmd.documents ?? 0) >= before + count) {
          const res = (await (await fetch(`${svc.base}/vault/search?q=${token(count - 1)}`)).json()) as { results: unknown[] };
          if (res.results.length === 1) return;
        }
        await sleep(20);
      }
    })(),
    600_000,
    'the burst to be searchable',
  );
  return { files: count, allSearchableMs: Math.round(performance.now() - started) };
}

/** Bytes of a GET as sent on the wire (compressed when the service compresses) and unpacked. */
export function wireSize(base: string, route: string): Promise<{ wireBytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${route}`, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        let bytes = 0;
        res.on('data', (d: Buffer) => (bytes += d.length));
        res.on('end', () => resolve({ wireBytes: bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

export interface AnchorFigures {
  /** `qmd collection add` of the vault on a fresh index: qmd's own first indexing. */
  collectionAddMs: number;
  collectionAddPeakRssMb: number;
}

/** qmd's own first index of the vault, in a state dir of its own (the CLI anchor searches it). */
export async function qmdCollectionAdd(ctx: QmdContext, vault: string): Promise<AnchorFigures> {
  const started = performance.now();
  const child = spawn(ctx.nodeBinary, [ctx.cliPath, '--index', 'index', 'collection', 'add', vault, '--name', 'vault', '--mask', '**/*.md'], {
    cwd: ctx.qmdDir,
    env: ctx.env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, processRssMb(child.pid!))), 50);
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-2000)));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`qmd collection add failed (${code}): ${stderr}`);
  return { collectionAddMs: Math.round(performance.now() - started), collectionAddPeakRssMb: Math.round(peak) };
}

export interface FirstContextFigures {
  treeMdBytes: number;
  treeMdTokens: number;
  bootstrapTokens: number;
}

/** tree.md as written, and the agents' first context (overview, profile, bounded tree) for this vault. */
export async function firstContext(vault: string): Promise<FirstContextFigures> {
  // tree.md follows the first pass by a moment (it is written once per burst).
  const tree = await withTimeout(
    (async () => {
      for (;;) {
        const text = await readFile(path.join(vault, 'tree.md'), 'utf8').catch(() => undefined);
        if (text) return text;
        await sleep(50);
      }
    })(),
    30_000,
    'tree.md',
  );
  const index = new VaultIndex();
  const result = new VaultScanner(vault, new MemoryStore()).sync(['']);
  for (const facts of result.upserts) index.set(entryOf(facts, { mode: 'knower' }));
  const note = async (rel: string) => (await readFile(path.join(vault, rel), 'utf8').catch(() => '')).slice(0, 3_000 * 4);
  const context = [await note('overview.md'), await note('profile.md'), boundedTreeView(index)].join('\n\n');
  return { treeMdBytes: Buffer.byteLength(tree), treeMdTokens: Math.ceil(splitNote(tree).body.length / 4), bootstrapTokens: estimateTokens(context) };
}
