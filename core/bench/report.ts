/** Turns the figures into readable tables, and the whole run into a JSON file. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { IdleFigures, SaveCpuFigures } from './cpu-bench.js';
import type { AnchorFigures, BurstFigures, FirstContextFigures, StateFigures, TreeRequestsFigures } from './scale-bench.js';
import type { SearchFigures } from './search-bench.js';
import type { SearchableUnderLoadFigures, WorstCaseFigures } from './worst-case-bench.js';
import type { Summary } from './stats.js';
import type { SearchableFigures, SseFigures } from './write-bench.js';

/** One phase of the measurements after start-up: the tree's peak in it, and what it was made of then. */
export interface InUsePhase {
  phase: string;
  peakRssMb: number;
  peakPssMb: number;
  byCommand: Record<string, number>;
}

export interface CaseFigures {
  /** "1,000 notes", "realistic 1,000" or "real-world 2,500". */
  label: string;
  /** Ratios compare a case with the first case of the same corpus. */
  corpus: 'synthetic' | 'realistic' | 'real-world';
  notes: number;
  vault: { bytes: number; generateMs: number };
  loadAvg: { atStart: number; atEnd: number };
  anchor: AnchorFigures;
  /** Peak RSS of the whole process tree (service, worker, git, qmd) in each phase. */
  firstStart: { toOkMs: number; peakRssMb: number; peakPssMb: number };
  /** From "ok" until the first history snapshot is committed and nothing is left to do. */
  snapshot: { afterOkMs: number; peakRssMb: number; peakPssMb: number; byCommand: Record<string, number> };
  idle: IdleFigures;
  /** The state folder once the first start's work is over (search index, history, queue, …). */
  state: StateFigures;
  /** Through everything measured after start-up (searches, saves, bursts, tree listings): the highest phase, and each. */
  steady: { peakRssMb: number; peakPssMb: number; phases: InUsePhase[] };
  treeRequests: TreeRequestsFigures;
  /** The search index on disk after the first start, qmd's own index of the same vault, the vault's text. */
  index: { bytes: number; qmdBytes: number; vaultBytes: number };
  context: FirstContextFigures;
  tree: { wireBytes: number; encoding: string };
  search: SearchFigures;
  worstCases: WorstCaseFigures;
  searchable: SearchableFigures;
  /** Write → searchable again, with worst-case queries running back to back meanwhile. */
  searchableDuringWorstCases: SearchableUnderLoadFigures;
  sse: { isolated: SseFigures; burst: SseFigures };
  saveCpu: SaveCpuFigures;
  burst: BurstFigures;
}

const byCommand = (mb: Record<string, number>) =>
  Object.entries(mb)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
const f = (v: number, digits = 1) => (Number.isFinite(v) ? v.toFixed(digits) : '-');
const kb = (bytes: number) => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(2)} MB` : `${(bytes / 1e3).toFixed(1)} kB`);
const row = (label: string, s: Summary, unit = 'ms') => `  ${label.padEnd(44)}${f(s.median).padStart(9)}${f(s.p90).padStart(9)}${f(s.max).padStart(9)}${String(s.n).padStart(6)}  ${unit}`;
const head = (title: string) => `  ${title.padEnd(44)}${'median'.padStart(9)}${'p90'.padStart(9)}${'max'.padStart(9)}${'n'.padStart(6)}`;

/** The table the scale targets are read from: one column per case, side by side. */
export function formatSummary(cases: CaseFigures[]): string {
  const width = 26;
  const cell = (text: string) => text.padStart(width);
  const line = (label: string, pick: (c: CaseFigures) => string) => `${label.padEnd(50)}${cases.map((c) => cell(pick(c))).join('')}`;
  // A ratio against the first case of the same corpus (the smallest vault of that kind).
  const ratio = (c: CaseFigures, value: (c: CaseFigures) => number) => {
    const base = cases.find((b) => b.corpus === c.corpus);
    const v = value(c);
    return !base || base === c || !value(base) ? `${f(v, 1)} ms` : `${f(v, 1)} ms (${f(v / value(base), 2)}x)`;
  };
  return [
    '',
    `${''.padEnd(50)}${cases.map((c) => cell(c.label)).join('')}`,
    line('vault text', (c) => `${(c.vault.bytes / 1e6).toFixed(1)} MB`),
    line('machine load (1-min avg) at start / end', (c) => `${f(c.loadAvg.atStart, 2)} / ${f(c.loadAvg.atEnd, 2)}`),
    line('peak RSS (PSS), whole tree: to "ok"', (c) => `${f(c.firstStart.peakRssMb, 0)} (${f(c.firstStart.peakPssMb, 0)}) MB`),
    line('  through the first history snapshot', (c) => `${f(c.snapshot.peakRssMb, 0)} (${f(c.snapshot.peakPssMb, 0)}) MB`),
    line('  in use (search, saves, bursts, listings)', (c) => `${f(c.steady.peakRssMb, 0)} (${f(c.steady.peakPssMb, 0)}) MB`),
    line('idle RSS (PSS), whole tree (median of windows)', (c) => `${f(summaryOf(c.idle.rssMb), 0)} (${f(summaryOf(c.idle.pssMb), 0)}) MB`),
    line('state on disk ÷ vault text: all / less history / history', (c) => stateRatios(c)),
    line(`${cases[0]?.treeRequests.requests ?? 0} × GET /vault/tree: RSS before → after`, (c) => `${c.treeRequests.rssBeforeMb} → ${c.treeRequests.rssAfterMb} MB`),
    line('first start to "ok" / then snapshot done', (c) => `${f(c.firstStart.toOkMs / 1000, 1)} s / +${f(c.snapshot.afterOkMs / 1000, 1)} s`),
    line('  anchor: qmd collection add / peak RSS', (c) => `${f(c.anchor.collectionAddMs / 1000, 1)} s / ${f(c.anchor.collectionAddPeakRssMb, 0)} MB`),
    line('  first start / qmd collection add', (c) => `${f(c.firstStart.toOkMs / c.anchor.collectionAddMs, 2)}x`),
    line('CPU per save, whole tree, commit incl. (median)', (c) => ratio(c, (x) => x.saveCpu.perSave.median)),
    line('  history commit of a save, git incl. (median)', (c) => ratio(c, (x) => x.saveCpu.historyCommit.median)),
    line('  of which git (mean: counted in 10 ms ticks)', (c) => `${f(c.saveCpu.git.mean, 1)} ms`),
    line('idle CPU, whole tree (median of windows)', (c) => `${f(c.idle.medianPercent, 2)} %`),
    line('write → searchable (median)', (c) => `${f(c.searchable.writeToFound.median, 0)} ms`),
    line('  …while worst-case queries run (median/max)', (c) => `${f(c.searchableDuringWorstCases.writeToFound.median, 0)} / ${f(c.searchableDuringWorstCases.writeToFound.max, 0)} ms`),
    line('write → SSE, isolated saves (new / edit)', (c) => `${f(c.sse.isolated.newFile.median)} / ${f(c.sse.isolated.edit.median)} ms`),
    line('write → SSE, saves in a burst (new / edit)', (c) => `${f(c.sse.burst.newFile.median)} / ${f(c.sse.burst.edit.median)} ms`),
    line('500 files written at once → all searchable', (c) => `${f(c.burst.allSearchableMs / 1000, 2)} s`),
    line('search median: service vs spawning qmd', (c) => `${f(c.search.service.median)} vs ${f(c.search.cli.median, 0)} ms`),
    line('  spawning qmd / service', (c) => `${f(c.search.cliOverService, 1)}x`),
    line('  ripgrep rg -i -l (median)', (c) => (c.search.rg ? `${f(c.search.rg.median)} ms` : '-')),
    line('worst-case query, slowest run', (c) => `${f(c.worstCases.maxMs, 0)} ms${c.worstCases.perQuery.some((q) => q.degraded) ? ' (some stopped)' : ''}`),
    line('search index on disk ÷ vault text', (c) => `${f(c.index.bytes / c.index.vaultBytes, 2)}x (${kb(c.index.bytes)})`),
    line("  qmd's own index ÷ vault text", (c) => `${f(c.index.qmdBytes / c.index.vaultBytes, 2)}x (${kb(c.index.qmdBytes)})`),
    line('GET /vault/tree on the wire', (c) => `${kb(c.tree.wireBytes)} ${c.tree.encoding === 'identity' ? '' : `(${c.tree.encoding})`}`.trim()),
    line("tree.md / agents' first context", (c) => `${kb(c.context.treeMdBytes)}, ${c.context.treeMdTokens} / ${c.context.bootstrapTokens} tok`),
  ].join('\n');
}

/** The history keeps every version of the vault; the rest (the search index above all) should stay near the text's size. */
function stateRatios(c: CaseFigures): string {
  const of = (bytes: number) => f(bytes / c.vault.bytes, 2);
  const history = c.state.byEntry.history ?? 0;
  return `${of(c.state.totalBytes)} / ${of(c.state.totalBytes - history)} / ${of(history)}x`;
}

const summaryOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

export function formatCase(c: CaseFigures): string {
  const { search, sse, searchable, idle, saveCpu } = c;
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
    ...[sse.isolated, sse.burst].flatMap((s) => [
      head(`write → file_changed on /sse (saves ${s.spacingMs} ms apart)`),
      row('new file', s.newFile),
      row('edit of an existing note', s.edit),
      `  timeouts ${s.timeouts}; idle again ${s.settleAfterMs === null ? 'not within the bound' : `${f(s.settleAfterMs / 1000, 1)} s`} after the last save`,
    ]),
    `memory, whole tree: peak ${c.firstStart.peakRssMb} MB to "ok", ${c.snapshot.peakRssMb} MB through the first snapshot (${byCommand(c.snapshot.byCommand)}), ${c.steady.peakRssMb} MB in use`,
    ...c.steady.phases.map((p) => `  in use, ${p.phase}: ${p.peakRssMb} MB (PSS ${p.peakPssMb}; ${byCommand(p.byCommand)})`),
    `state on disk: ${kb(c.state.totalBytes)} (${Object.entries(c.state.byEntry)
      .filter(([, v]) => v > 0)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${kb(v)}`)
      .join(', ')}), ${stateRatios(c)} the vault's text (all / less history / history)`,
    `idle, whole tree, ${idle.windowsPercent.length} windows of ${idle.windowMs / 1000} s: CPU ${idle.windowsPercent.join(' / ')} %; RSS ${idle.rssMb.join(' / ')} MB; PSS ${idle.pssMb.join(' / ')} MB`,
    head(`CPU per save (${saveCpu.samples} saves, each to its history commit; idle ${f(saveCpu.idlePercent, 2)} % subtracted)`),
    row('whole tree: job, index, tree.md, commit', saveCpu.perSave, 'ms CPU'),
    row('history commit, git included', saveCpu.historyCommit, 'ms CPU'),
    row('git alone', saveCpu.git, 'ms CPU'),
    `  below zero after subtracting idle: ${saveCpu.belowZero}; commits not seen within the bound: ${saveCpu.timeouts}`,
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
