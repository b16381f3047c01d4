/** Turns one size's figures into a readable table, and the whole run into a JSON file. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SearchFigures } from './search-bench.js';
import type { Summary } from './stats.js';
import type { SearchableFigures, SseFigures } from './write-bench.js';

export interface SizeFigures {
  notes: number;
  vault: { bytes: number; projects: number; generateMs: number };
  loadAvg: { atStart: number; atEnd: number };
  startup: { buildMs: number; listenMs: number; settledMs: number; jobWrites: number; documents?: number };
  tree: { firstMs: number; bytes: number; files: number; warm: Summary };
  search: SearchFigures;
  sse: SseFigures;
  searchable: SearchableFigures;
}

// Targets from issue 2, acceptance 8.
export const TARGET_CLI_RATIO = 5;
export const TARGET_SSE_MS = 250;

const f = (v: number, digits = 1) => (Number.isFinite(v) ? v.toFixed(digits) : '-');
const row = (label: string, s: Summary, unit = 'ms') =>
  `  ${label.padEnd(38)}${f(s.median).padStart(9)}${f(s.p90).padStart(9)}${f(s.max).padStart(9)}${String(s.n).padStart(6)}  ${unit}`;
const head = (title: string) => `  ${title.padEnd(38)}${'median'.padStart(9)}${'p90'.padStart(9)}${'max'.padStart(9)}${'n'.padStart(6)}`;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

export function formatSize(s: SizeFigures): string {
  const { search, sse, searchable, startup, tree } = s;
  const lines = [
    '',
    `=== ${s.notes.toLocaleString('en')} notes — ${(s.vault.bytes / 1e6).toFixed(1)} MB, ${s.vault.projects} projects (generated in ${f(s.vault.generateMs / 1000, 1)} s) ===`,
    `machine load (1-min average, ${os.cpus().length} cpus): ${f(s.loadAvg.atStart, 2)} at start, ${f(s.loadAvg.atEnd, 2)} at end`,
    `start-up: buildApp ${f(startup.buildMs, 0)} ms, listen ${f(startup.listenMs, 0)} ms, settled (first index) ${f(startup.settledMs / 1000, 2)} s; qmd documents ${startup.documents ?? '?'}; job rewrites ${startup.jobWrites}`,
    `GET /vault/tree: first ${f(tree.firstMs)} ms, ${(tree.bytes / 1e6).toFixed(2)} MB, ${tree.files} entries; warm median ${f(tree.warm.median)} ms (n=${tree.warm.n})`,
    '',
    head(`search, ${search.perQuery.length} queries`),
    row('GET /vault/search?mode=fast (service)', search.service),
    row('spawn qmd search --json (CLI)', search.cli),
    search.rg ? row('rg -i -l --max-count 1', search.rg) : `  ${search.rgNote}`,
    `  CLI / service: ${f(search.cliOverService)}x${search.rgOverService !== null ? `, rg / service: ${f(search.rgOverService)}x` : ''}` +
      (s.notes >= 10_000 ? `   [target ≥ ${TARGET_CLI_RATIO}x at 10k: ${verdict(search.cliOverService >= TARGET_CLI_RATIO)}]` : ''),
    `  first search after start-up: ${f(search.coldFirstMs)} ms`,
    '',
    head(`write → searchable (poll every ${searchable.pollMs} ms)`),
    row('found by GET /vault/search', searchable.writeToFound),
    row('index sync of the saved note', searchable.indexSync),
    `  timeouts ${searchable.timeouts}`,
    '',
    head(`write → file_changed on /sse (${sse.spacingMs} ms apart)`),
    row('new file', sse.newFile),
    row('edit of an existing note', sse.edit),
    `  timeouts ${sse.timeouts}   [target median < ${TARGET_SSE_MS} ms: ${verdict(sse.timeouts === 0 && sse.newFile.median < TARGET_SSE_MS && sse.edit.median < TARGET_SSE_MS)}]`,
    `  service event-loop delay meanwhile: p50 ${f(sse.eventLoopDelayMs.p50)} ms, p99 ${f(sse.eventLoopDelayMs.p99)} ms, max ${f(sse.eventLoopDelayMs.max)} ms`,
    `  idle again ${sse.settleAfterMs === null ? 'not within the bound' : `${f(sse.settleAfterMs / 1000, 1)} s`} after the last save`,
    '',
    `  ${'query'.padEnd(12)}${'svc hits'.padStart(9)}${'cli hits'.padStart(9)}${'rg files'.padStart(9)}${'svc ms'.padStart(9)}${'cli ms'.padStart(9)}${'rg ms'.padStart(9)}`,
    ...search.perQuery.map(
      (q) =>
        `  ${q.query.padEnd(12 - cjkExtra(q.query))}${String(q.hits.service).padStart(9)}${String(q.hits.cli).padStart(9)}${String(q.hits.rgFiles ?? '-').padStart(9)}` +
        `${f(q.serviceMs.median).padStart(9)}${f(q.cliMs.median).padStart(9)}${(q.rgMs ? f(q.rgMs.median) : '-').padStart(9)}`,
    ),
  ];
  return lines.join('\n');
}

/** CJK characters take two columns in a terminal. */
const cjkExtra = (text: string) => (text.match(/\p{Script=Han}/gu) ?? []).length;

export function machineInfo(qmd: { nodeBinary: string; cliPath: string }, rg: string | null): Record<string, unknown> {
  const version = (cmd: string, args: string[]) => spawnSync(cmd, args, { encoding: 'utf8' }).stdout?.split('\n')[0]?.trim() ?? null;
  let qmdVersion: string | null = null;
  try {
    qmdVersion = (JSON.parse(readFileSync(path.resolve(qmd.cliPath, '../../../package.json'), 'utf8')) as { version: string }).version;
  } catch {
    // a qmd laid out differently: the version is only informative
  }
  const cpus = os.cpus();
  return {
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? null,
    memoryGB: Number((os.totalmem() / 1024 ** 3).toFixed(1)),
    serviceNode: process.version,
    qmdNode: version(qmd.nodeBinary, ['--version']),
    qmdVersion,
    ripgrep: rg ? version(rg, ['--version']) : null,
  };
}

export async function saveResults(dir: string, result: object): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}
