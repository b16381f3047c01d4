import type { IndexCalls } from './index-calls.js';
import type { SearchLog } from './types.js';
import type { ScanProgress } from './worker/protocol.js';

export interface IndexRepair {
  /** A lane found the index damaged (SQLite said SQLITE_CORRUPT or SQLITE_NOTADB). */
  found(why: string): void;
  /** Why the index waits to be moved aside, if it does. */
  readonly pending: string | undefined;
  /** Moves the damaged index aside and opens an empty one; the caller then fills it from the vault. */
  reopen(): Promise<boolean>;
  progress(p: ScanProgress): void;
  /** The pass over the vault after a reopen completed. */
  done(): void;
  /** While a damaged index waits or is being rebuilt: what /health says. */
  status(): string | undefined;
}

/**
 * A damaged index, found while running (a search or a save fails with SQLite's "malformed"), is
 * rebuilt while running: moved aside and kept, an empty index opened in its place, the search
 * lanes started again on it, and a pass over the vault fills it. /health says so meanwhile,
 * with the pass's progress; searches answer from the new index as it fills (partial).
 */
export function createIndexRepair(deps: { calls: IndexCalls; restartSearchers: (why: string) => void; log: SearchLog }): IndexRepair {
  let damaged: string | undefined;
  let rebuilding: { why: string; progress?: ScanProgress } | undefined;
  return {
    found(why) {
      // Lanes still on the old file keep saying so until they are started again on the new one.
      if (damaged !== undefined || rebuilding) return;
      damaged = why;
      deps.log('error', 'the search index is damaged; rebuilding it from the vault', { reason: why });
    },
    get pending() {
      return damaged;
    },
    async reopen() {
      const why = damaged ?? 'the index was damaged';
      damaged = undefined;
      rebuilding = { why };
      const reopened = await deps.calls.call('rebuild', { why }, { wait: true });
      deps.restartSearchers('the search index is being rebuilt');
      if (!reopened.ok) {
        rebuilding = undefined;
        deps.log('error', 'the damaged search index could not be replaced', { error: reopened.error });
      }
      return reopened.ok;
    },
    progress(p) {
      if (rebuilding) rebuilding.progress = p;
    },
    done() {
      if (!rebuilding) return;
      rebuilding = undefined;
      deps.log('info', 'search index rebuilt');
    },
    status() {
      if (damaged !== undefined) return `the search index is damaged (${damaged}); it is being rebuilt from the vault`;
      if (!rebuilding) return undefined;
      const p = rebuilding.progress;
      const done = p ? ` (${p.search.done} of ${p.search.total} notes so far)` : '';
      return `the search index was damaged (${rebuilding.why}) and is being rebuilt from the vault${done}: searches may miss notes until it is`;
    },
  };
}
