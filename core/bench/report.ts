/** Turns the figures into readable tables, and the whole run into a JSON file. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AnchorFigures, BurstFigures, FirstContextFigures, SaveCpuFigures } from './scale-bench.js';
import type { SearchFigures } from './search-bench.js';
import type { SearchableUnderLoadFigures, WorstCaseFigures } from './worst-case-bench.js';
import type { Summary } from './stats.js';
import type { SearchableFigures, SseFigures } from './write-bench.js';

export interface CaseFigures {
  /** "1,000 notes" or "real-world 2,500". */
  label: string;
  notes: number;
  vault: { bytes: number; generateMs: number };
  loadAvg: { atStart: number; atEnd: number };
  anchor: AnchorFigures;
  firstStart: { toOkMs: number; peakRssMb: number };
  /** The search index on disk after the first start, qmd's own index of the same vault, the vault's text. */
  index: { bytes: number; qmdBytes: number; vaultBytes: number };
  context: FirstContextFigures;
  tree: { wireBytes: number; encoding: string };
  search: SearchFigures;
  worstCases: WorstCaseFigures;
  searchable: SearchableFigures;
  /** Write → searchable again, with worst-case queries running back to back meanwhile. */
  searchableDuringWorstCases: SearchableUnderLoadFigures;
  sse: SseFigures;
  saveCpu: SaveCpuFigures;
  burst: BurstFigures;
}

const f = (v: number, digits = 1) => (Number.isFinite(v) ? v.toFixed(digits) : '-');
const kb = (bytes: number) => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(2)} MB` : `${(bytes / 1e3).toFixed(1)} kB`);
const row = (label: string, s: Summary, unit = 'ms') =>
  `  ${label.padEnd(44)}${f(s.median).padStart(9)}${f(s.p90).padStart(9)}${f(s.max).padStart(9)}${String(s.n).padStart(6)}  ${unit}`;
const head = (title: string) => `  ${title.padEnd(44)}${'median'.padStart(9)}${'p90'.padStart(9)}${'max'.padStart(9)}${'n'.padStart(6)}`;

/** The table the scale targets are read from: one column per case, side by side. */
export function formatSummary(cases: CaseFigures[]): string {
  const width = 30;
  const cell = (text: string) => text.padStart(width);
  const line = (label: string, pick: (c: CaseFigures) => string) => `${label.padEnd(48)}${cases.map((c) => cell(pick(c))).join('')}`;
  const first = cases[0];
  const saveRatio = (c: CaseFigures) =>
    c === first || !first?.saveCpu.perSave.median ? `${f(c.saveCpu.perSave.median, 1)} ms` : `${f(c.saveCpu.perSave.median, 1)} ms (${f(c.saveCpu.perSave.median / first.saveCpu.perSave.median, 2)}x)`;
  return [
    '',
    `${''.padEnd(48)}${cases.map((c) => cell(c.label)).join('')}`,
    line('CPU per save, service + worker (median)', saveRatio),
    line('write → searchable (median)', (c) => `${f(c.searchable.writeToFound.median, 0)} ms`),
    line('  …while worst-case queries run (median/max)', (c) => `${f(c.searchableDuringWorstCases.writeToFound.median, 0)} / ${f(c.searchableDuringWorstCases.writeToFound.max, 0)} ms`),
    line('first start to "ok" / peak RSS', (c) => `${f(c.firstStart.toOkMs / 1000, 1)} s / ${f(c.firstStart.peakRssMb, 0)} MB`),
    line('  anchor: qmd collection add / peak RSS', (c) => `${f(c.anchor.collectionAddMs / 1000, 1)} s / ${f(c.anchor.collectionAddPeakRssMb, 0)} MB`),
    line('  first start / qmd collection add', (c) => `${f(c.firstStart.toOkMs / c.anchor.collectionAddMs, 2)}x`),
    line('500 files written at once → all searchable', (c) => `${f(c.burst.allSearchableMs / 1000, 2)} s`),
    line('search median: service vs spawning qmd', (c) => `${f(c.search.service.median)} vs ${f(c.search.cli.median, 0)} ms`),
    line('  spawning qmd / service', (c) => `${f(c.search.cliOverService, 1)}x`),
    line('  ripgrep rg -i -l (median)', (c) => (c.search.rg ? `${f(c.search.rg.median)} ms` : '-')),
    line('worst-case query, slowest run', (c) => `${f(c.worstCases.maxMs, 0)} ms${c.worstCases.perQuery.some((q) => q.degraded) ? ' (some stopped)' : ''}`),
    line('search index on disk ÷ vault text', (c) => `${f(c.index.bytes / c.index.vaultBytes, 2)}x (${kb(c.index.bytes)})`),
    line('  qmd\'s own index ÷ vault text', (c) => `${f(c.index.qmdBytes / c.index.vaultBytes, 2)}x (${kb(c.index.qmdBytes)})`),
    line('GET /vault/tree on the wire', (c) => `${kb(c.tree.wireBytes)} ${c.tree.encoding === 'identity' ? '' : `(${c.tree.encoding})`}`.trim()),
    line('idle CPU, service + worker', (c) => `${f(c.saveCpu.idleCpuPercent, 2)} %`),
    line('tree.md / agents\' first context', (c) => `${kb(c.context.treeMdBytes)}, ${c.context.treeMdTokens} tok / ${c.context.bootstrapTokens} tok`),
  ].join('\n');
}

export function formatCase(c: CaseFigures): string {
  const { search, sse, searchable } = c;
  return [
    '',
    `=== ${c.label} — ${(c.vault.bytes / 1e6).toFixed(1)} MB (generated in ${f(c.vault.generateMs / 1000, 1)} s) ===`,
    `machine load (1-min average, ${os.cpus().length} cpus): ${f(c.loadAvg.atStart, 2)} at start, ${f(c.loadAvg.atEnd, 2)} at end`,
    head(`search, ${search.perQuery.length} queries`),
    row('GET /vault/search?mode=fast (service)', search.service),
    row('spawn qmd search --json (CLI)', search.cli),
    search.rg ? row('rg -i -l --max-count 1', search.rg) : `  ${search.rgNote}`,
    `  first search after start-up: ${f(search.coldFirstMs)} ms`,
    head(`worst-case queries (${c.worstCases.perQuery[0]?.ms.n ?? 0} runs each, up to 2,000 characters)`),
    ...c.worstCases.perQuery.map((q) => `${row(q.name, q.ms)}${q.degraded ? `  stopped: ${q.degraded}` : ''}`),
    head(`write → searchable (poll every ${searchable.pollMs} ms)`),
    row('found by GET /vault/search', searchable.writeToFound),
    row('index sync of the saved note', searchable.indexSync),
    `  timeouts ${searchable.timeouts}`,
    head(`write → searchable while worst-case queries run back to back (${c.searchableDuringWorstCases.worstCaseQueries} answered)`),
    row('found by GET /vault/search', c.searchableDuringWorstCases.writeToFound),
    row('index sync of the saved note', c.searchableDuringWorstCases.indexSync),
    `  timeouts ${c.searchableDuringWorstCases.timeouts}`,
    head(`write → file_changed on /sse (${sse.spacingMs} ms apart)`),
    row('new file', sse.newFile),
    row('edit of an existing note', sse.edit),
    `  timeouts ${sse.timeouts}; idle again ${sse.settleAfterMs === null ? 'not within the bound' : `${f(sse.settleAfterMs / 1000, 1)} s`} after the last save`,
    head(`CPU per save (${c.saveCpu.samples} saves, batch means)`),
    row('service + worker, idle subtracted', c.saveCpu.perSave, 'ms CPU'),
    '',
    `  ${'query'.padEnd(12)}${'svc hits'.padStart(9)}${'cli hits'.padStart(9)}${'rg files'.padStart(9)}${'svc ms'.padStart(9)}${'cli ms'.padStart(9)}${'rg ms'.padStart(9)}`,
    ...search.perQuery.map(
      (q) =>
        `  ${q.query.padEnd(12 - cjkExtra(q.query))}${String(q.hits.service).padStart(9)}${String(q.hits.cli).padStart(9)}${String(q.hits.rgFiles ?? '-').padStart(9)}` +
        `${f(q.serviceMs.median).padStart(9)}${f(q.cliMs.median).padStart(9)}${(q.rgMs ? f(q.rgMs.median) : '-').padStart(9)}`,
    ),
  ].join('\n');
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
    serviceNode: version(qmd.nodeBinary, ['--version']),
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
