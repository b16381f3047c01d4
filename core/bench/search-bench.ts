/**
 * Search latency for the same queries three ways, interleaved so that background noise hits
 * every path alike: GET /vault/search (the service's index worker), spawning
 * `qmd search --json` on an index qmd built itself, and ripgrep over the files.
 */
import { spawn } from 'node:child_process';
import { runQmd, type QmdContext } from '../src/search/qmd-process.js';
import type { SearchResult } from '../src/search/index.js';
import { getJson } from './service.js';
import { round, summarize, timed, type Summary } from './stats.js';

// Drawn from the generated corpus (corpus.ts): common, mid-frequency, tail and rare words,
// two Chinese and two Russian terms that only occur inside unsegmented or inflected prose.
export const QUERIES = [
  'meeting',
  'budget',
  'release',
  'deadline',
  'migration',
  'dashboard',
  'passport',
  'telescope',
  'firmware',
  'checklist',
  'harbour',
  'saffron',
  'marimba',
  'kowalczyk',
  'zanzibar',
  'quetzal',
  '知识库',
  '会议记录',
  'хранилище',
  'встреча',
];

export interface SearchPlan {
  rounds: number;
  /** Per query per round; the CLI runs once per query per round (each run costs a process). */
  serviceReps: number;
  rgReps: number;
  /** ripgrep's path, or null when it is not installed (then it is skipped, with a note). */
  rg: string | null;
}

export interface QueryFigures {
  query: string;
  hits: { service: number; cli: number; rgFiles?: number };
  serviceMs: Summary;
  cliMs: Summary;
  rgMs?: Summary;
}

export interface SearchFigures {
  /** The very first search after start-up. */
  coldFirstMs: number;
  service: Summary;
  cli: Summary;
  rg: Summary | null;
  rgNote?: string;
  /** Median CLI / median service: the acceptance target is ≥ 5 at 10k notes. */
  cliOverService: number;
  rgOverService: number | null;
  perQuery: QueryFigures[];
}

/** Where the queries go: the service over HTTP, and qmd's CLI with its own index. */
export interface SearchTarget {
  base: string;
  qmd: QmdContext;
}

async function viaService(svc: SearchTarget, q: string): Promise<{ ms: number; hits: number }> {
  const { ms, value } = await timed(() => getJson<SearchResult>(svc.base, `/vault/search?q=${encodeURIComponent(q)}&mode=fast`));
  if (value.body.degraded) throw new Error(`service search for "${q}" degraded: ${value.body.degraded}`);
  return { ms, hits: value.body.results.length };
}

async function viaCli(svc: SearchTarget, q: string): Promise<{ ms: number; hits: number }> {
  // The same question asked of qmd's CLI, on the same index.
  const args = ['search', '--json', '-n', '10', '-c', 'vault', '--', q];
  const { ms, value: run } = await timed(() => runQmd(svc.qmd, args, 30_000));
  if (!run.ok) throw new Error(`qmd search "${q}" failed: ${run.error}`);
  return { ms, hits: cliHitCount(run.stdout) };
}

/** `qmd search --json` prints one JSON array (possibly after other lines). */
function cliHitCount(stdout: string): number {
  const start = stdout.search(/^\[/m);
  try {
    return start < 0 ? 0 : (JSON.parse(stdout.slice(start)) as unknown[]).length;
  } catch {
    return 0;
  }
}

function viaRg(rg: string, vault: string, q: string): Promise<{ ms: number; hits: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(rg, ['-i', '-l', '--max-count', '1', '-F', '--', q, vault], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      // rg exits 1 when nothing matched: still a valid answer.
      if (code !== 0 && code !== 1) return reject(new Error(`rg "${q}" exited with ${code}`));
      resolve({ ms: performance.now() - started, hits: out.split('\n').filter(Boolean).length });
    });
  });
}

export async function benchSearch(svc: SearchTarget, vault: string, plan: SearchPlan): Promise<SearchFigures> {
  const coldFirstMs = (await viaService(svc, QUERIES[0] as string)).ms;
  // Warm-up: page cache, the worker's statements, the CLI's module loading.
  for (const q of QUERIES) {
    await viaService(svc, q);
    if (plan.rg) await viaRg(plan.rg, vault, q);
  }
  for (const q of QUERIES.slice(0, 2)) await viaCli(svc, q);

  const per = new Map(QUERIES.map((q) => [q, { service: [] as number[], cli: [] as number[], rg: [] as number[], hits: { service: 0, cli: 0, rgFiles: 0 } }]));
  for (let r = 0; r < plan.rounds; r++) {
    for (const q of QUERIES) {
      const slot = per.get(q)!;
      for (let i = 0; i < plan.serviceReps; i++) {
        const s = await viaService(svc, q);
        slot.service.push(s.ms);
        slot.hits.service = s.hits;
      }
      const c = await viaCli(svc, q);
      slot.cli.push(c.ms);
      slot.hits.cli = c.hits;
      for (let i = 0; plan.rg && i < plan.rgReps; i++) {
        const g = await viaRg(plan.rg, vault, q);
        slot.rg.push(g.ms);
        slot.hits.rgFiles = g.hits;
      }
    }
  }

  const all = (key: 'service' | 'cli' | 'rg') => [...per.values()].flatMap((s) => s[key]);
  const service = summarize(all('service'));
  const cli = summarize(all('cli'));
  const rg = plan.rg ? summarize(all('rg')) : null;
  return {
    coldFirstMs: round(coldFirstMs),
    service,
    cli,
    rg,
    ...(!plan.rg && { rgNote: 'ripgrep (rg) is not installed: skipped (apt-get install -y ripgrep)' }),
    cliOverService: round(cli.median / service.median, 1),
    rgOverService: rg ? round(rg.median / service.median, 1) : null,
    perQuery: [...per.entries()].map(([query, s]) => ({
      query,
      hits: plan.rg ? s.hits : { service: s.hits.service, cli: s.hits.cli },
      serviceMs: summarize(s.service),
      cliMs: summarize(s.cli),
      ...(plan.rg && { rgMs: summarize(s.rg) }),
    })),
  };
}
