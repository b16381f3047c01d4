import type { ProviderInfo } from '../llm/index.js';
import type { QueueStatus } from '../queue/index.js';
import type { QmdStatus } from '../search/index.js';

/** A running update silent this long (no model answer, no tool call) is reported as stuck. */
const QUEUE_STALL_MS = 15 * 60_000;

export interface HealthInputs {
  qmd: QmdStatus;
  watchProblem: string | undefined;
  history: { problem?: string };
  queue: QueueStatus;
  provider: ProviderInfo;
  disks: string[];
  stallMs?: number;
}

/** Notes the index worker crashed on: not searchable until the person changes them. */
function setAsideReason(qmd: QmdStatus): string | undefined {
  const aside = qmd.setAside;
  if (!aside || aside.count === 0) return undefined;
  const names = aside.notes.map((n) => n.path).join(', ') + (aside.count > aside.notes.length ? ', …' : '');
  const count = aside.count === 1 ? '1 note' : `${aside.count} notes`;
  return `${count} crashed the index worker and ${aside.count === 1 ? 'is' : 'are'} left out of search until ${aside.count === 1 ? 'it changes' : 'they change'}: ${names}`;
}

const minutes = (ms: number) => (ms < 60_000 ? `${Math.round(ms / 1000)} s` : `${Math.round(ms / 60_000)} min`);

/**
 * Why the service is degraded, one sentence per fault, in full: /health lists them under
 * `degraded` and `knower status` prints them whole. Each names what is wrong and what it costs.
 */
export function degradedReasons(h: HealthInputs): string[] {
  const reasons: Array<string | undefined> = [
    h.qmd.degraded,
    setAsideReason(h.qmd),
    h.qmd.lastSync && !h.qmd.lastSync.ok ? `the search index could not take the latest changes (${h.qmd.lastSync.error ?? 'unknown error'}): search may miss them` : undefined,
    h.watchProblem,
    h.history.problem && `history and undo unavailable: ${h.history.problem}`,
    h.queue.running && (h.queue.quietMs ?? 0) > (h.stallMs ?? QUEUE_STALL_MS)
      ? `the update queue looks stuck: update ${h.queue.running} has shown no progress for ${minutes(h.queue.quietMs ?? 0)} (a model call or a tool that does not return); ${h.queue.pending} more wait behind it`
      : undefined,
    h.provider.name !== 'offline' && h.provider.problem ? `the model provider cannot work (${h.provider.name}${h.provider.model ? `, ${h.provider.model}` : ''}): ${h.provider.problem}` : undefined,
    ...h.disks,
  ];
  return reasons.filter((r): r is string => Boolean(r));
}

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * What is worth knowing but is no fault: the notes larger than the per-note budget, which
 * search, outline and section see only in part (by design: reading them whole cost gigabytes).
 */
export function searchNotices(qmd: QmdStatus): string[] {
  const budget = qmd.noteBudget;
  if (!budget || budget.oversized === 0) return [];
  const some = budget.examples.join(', ') + (budget.oversized > budget.examples.length ? ', …' : '');
  const count = budget.oversized === 1 ? '1 note is' : `${budget.oversized} notes are`;
  return [`${count} larger than the ${mb(budget.bytes)} Knower reads of a note: search, outline and section see only the first ${mb(budget.bytes)} (${some})`];
}
