/**
 * What a vault's size costs: a burst of new files, first start against qmd's own indexing, the
 * size of what the web app and the agents load first, memory under repeated tree listings.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { lstat, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { boundedTreeView, estimateTokens } from '../src/agents/bootstrap.js';
import { entryOf } from '../src/jobs/note-entry.js';
import type { QmdContext } from '../src/search/qmd-process.js';
import { MemoryStore } from '../src/search/worker/memory-store.js';
import { VaultScanner } from '../src/search/worker/vault-scanner.js';
import { splitNote, VaultIndex } from '../src/vault/index.js';
import { sampleTree } from './process-tree.js';
import type { ServiceProcess } from './service-process.js';
import { sleep, withTimeout } from './stats.js';

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

export interface TreeRequestsFigures {
  requests: number;
  /** The tree's resident memory before, at its highest during, and 3 s after the requests. */
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
}

/** The flat listing, fetched again and again as a client that never caches would: memory must not creep. */
export async function benchTreeRequests(svc: ServiceProcess, requests: number): Promise<TreeRequestsFigures> {
  const before = svc.sample().rssMb;
  let peak = before;
  for (let i = 0; i < requests; i++) {
    await wireSize(svc.base, '/vault/tree');
    peak = Math.max(peak, svc.sample().rssMb);
  }
  await sleep(3_000);
  return { requests, rssBeforeMb: Math.round(before), rssPeakMb: Math.round(peak), rssAfterMb: Math.round(svc.sample().rssMb) };
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
  const sampler = setInterval(() => (peak = Math.max(peak, sampleTree(child.pid!, { pss: false }).rssMb)), 200);
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

export interface StateFigures {
  /** Bytes on disk under the state folder, and per top-level entry (the search index, history, …). */
  totalBytes: number;
  byEntry: Record<string, number>;
}

/**
 * What Knower keeps beside the vault, measured once the first start's work is over: the search
 * index and the history are what grow with the vault. Apparent sizes (a SQLite file's WAL
 * included), so the figure compares directly with the vault's text.
 */
export async function stateOnDisk(stateDir: string): Promise<StateFigures> {
  const byEntry: Record<string, number> = {};
  for (const entry of await readdir(stateDir, { withFileTypes: true })) {
    const abs = path.join(stateDir, entry.name);
    let bytes = 0;
    if (entry.isDirectory()) {
      for (const d of await readdir(abs, { withFileTypes: true, recursive: true })) {
        // A file may go between the listing and its stat (a WAL checkpointed, a loose object packed).
        if (d.isFile())
          bytes += await lstat(path.join(d.parentPath, d.name)).then(
            (s) => s.size,
            () => 0,
          );
      }
    } else if (entry.isFile()) bytes = (await lstat(abs)).size;
    byEntry[entry.name] = bytes;
  }
  return { totalBytes: Object.values(byEntry).reduce((a, b) => a + b, 0), byEntry };
}
