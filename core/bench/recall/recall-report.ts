/** The recall table: one row per system and kind, Recall@1/5/10 in percent, n per kind. */
import { checkTarget, type Recall, type RecallTable } from './recall-score.js';
import { KINDS } from './types.js';

export interface SystemTable {
  system: string;
  table: RecallTable;
}

const pct = (v: number) => (v * 100).toFixed(1);

export function formatRecall(systems: SystemTable[]): string {
  const kinds = KINDS.filter((k) => systems.some((s) => s.table.kinds[k]));
  const cell = (r: Recall | undefined) => (r ? `${pct(r.at[1]).padStart(6)}${pct(r.at[5]).padStart(6)}${pct(r.at[10]).padStart(6)}` : '     -     -     -');
  const width = 18;
  const lines = [
    `  ${'kind'.padEnd(14)}${'n'.padStart(5)}  ${systems.map((s) => s.system.padStart(width)).join('  ')}`,
    `  ${''.padEnd(19)}  ${systems.map(() => `${'R@1'.padStart(6)}${'R@5'.padStart(6)}${'R@10'.padStart(6)}`).join('  ')}`,
  ];
  const row = (label: string, n: number, pick: (t: RecallTable) => Recall | undefined) => `  ${label.padEnd(14)}${String(n).padStart(5)}  ${systems.map((s) => cell(pick(s.table))).join('  ')}`;
  for (const kind of kinds) lines.push(row(kind, systems[0]?.table.kinds[kind]?.n ?? 0, (t) => t.kinds[kind]));
  lines.push(row('overall', systems[0]?.table.overall.n ?? 0, (t) => t.overall));
  return lines.join('\n');
}

/** Issue 36's target, as a sentence: it is a measurement, so it is reported, never fatal. */
export function formatTarget(knower: RecallTable, baseline: RecallTable, baselineName: string): string {
  const check = checkTarget(knower, baseline);
  const margin = `${check.overallMargin >= 0 ? '+' : ''}${check.overallMargin.toFixed(1)} points overall`;
  const below = check.kindsBelow.length ? `; below it in ${check.kindsBelow.join(', ')}` : '; no kind below it';
  return `  target (Knower R@10 ≥ ${baselineName} + 5 points overall, no kind below): ${check.holds ? 'HOLDS' : 'does not hold'} — ${margin}${below}`;
}

/** The rank of the first evidence note for a few named questions, per system ("-": not in the top 10). */
export function formatRanks(questions: string[], systems: readonly string[], ranked: { question: string; rank: Record<string, number | null> }[]): string {
  const lines = [`  ${'rank of the answer (top 10)'.padEnd(34)}${systems.map((s) => s.padStart(14)).join('')}`];
  for (const q of questions) {
    const found = ranked.find((r) => r.question === q);
    if (found) lines.push(`  ${q.padEnd(34)}${systems.map((s) => String(found.rank[s] ?? '-').padStart(14)).join('')}`);
  }
  return lines.join('\n');
}
