import { NOTE_BUDGET_BYTES, overBudget } from '../vault/index.js';
import type { SyncResult } from './worker/protocol.js';

/** What /health says of the per-note budget: its size, and the notes searched only in part. */
export interface NoteBudgetStatus {
  bytes: number;
  /** Notes in search larger than the budget: only their first `bytes` are indexed. */
  oversized: number;
  /** A few of them, by path. */
  examples: string[];
}

const EXAMPLES = 5;

/**
 * The notes in search that are over the budget, kept from what the index worker reports (a
 * note's size is in its facts): a set of the few such notes, nothing per ordinary note.
 */
export function createOversizedNotes() {
  const paths = new Set<string>();
  return {
    note(result: SyncResult): void {
      for (const rel of result.removed) paths.delete(rel);
      for (const f of result.upserts) {
        if (f.kind === 'note' && f.indexed && overBudget(f.size)) paths.add(f.path);
        else paths.delete(f.path);
      }
    },
    status(): NoteBudgetStatus {
      return { bytes: NOTE_BUDGET_BYTES, oversized: paths.size, examples: [...paths].sort().slice(0, EXAMPLES) };
    },
  };
}
