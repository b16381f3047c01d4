/** Recall@k by question kind: a question is found at k when one of its evidence notes is in the top k. */
import type { Kind, Question } from './types.js';

export interface Recall {
  n: number;
  /** Fractions, k → found / n. */
  at: Record<1 | 5 | 10, number>;
}

export interface RecallTable {
  overall: Recall;
  kinds: Partial<Record<Kind, Recall>>;
}

export interface Answered {
  question: Question;
  /** The system's ranking, best first (vault-relative paths). */
  ranked: string[];
}

/** The 1-based rank of the first evidence note, or undefined when none is ranked. */
export function firstEvidenceRank({ question, ranked }: Answered): number | undefined {
  const at = ranked.findIndex((p) => question.evidence.includes(p));
  return at < 0 ? undefined : at + 1;
}

function recallOf(answered: Answered[]): Recall {
  const ranks = answered.map(firstEvidenceRank);
  const share = (k: number) => (answered.length ? ranks.filter((r) => r !== undefined && r <= k).length / answered.length : 0);
  return { n: answered.length, at: { 1: share(1), 5: share(5), 10: share(10) } };
}

export function scoreRecall(answered: Answered[]): RecallTable {
  const byKind = new Map<Kind, Answered[]>();
  for (const a of answered) byKind.set(a.question.kind, [...(byKind.get(a.question.kind) ?? []), a]);
  return { overall: recallOf(answered), kinds: Object.fromEntries([...byKind].map(([kind, list]) => [kind, recallOf(list)])) };
}

export interface TargetCheck {
  holds: boolean;
  /** Recall@10 points above the baseline overall (negative: below). */
  overallMargin: number;
  /** The kinds whose Recall@10 is below the baseline's. */
  kindsBelow: Kind[];
}

/** Issue 36's target: Recall@10 at least `margin` points above the baseline overall, and no kind below it. */
export function checkTarget(system: RecallTable, baseline: RecallTable, margin = 5): TargetCheck {
  const overallMargin = (system.overall.at[10] - baseline.overall.at[10]) * 100;
  const kindsBelow = (Object.keys(baseline.kinds) as Kind[]).filter((k) => (system.kinds[k]?.at[10] ?? 0) < (baseline.kinds[k]?.at[10] ?? 0));
  return { holds: overallMargin >= margin - 1e-9 && kindsBelow.length === 0, overallMargin, kindsBelow };
}
