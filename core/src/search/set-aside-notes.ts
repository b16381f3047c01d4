import type { SetAsideNote } from './worker/set-aside.js';
import type { SyncResult } from './worker/protocol.js';

/** What /health says of the notes the index worker crashed on. */
export interface SetAsideStatus {
  count: number;
  /** A few of them: path, when, why. */
  notes: Array<Pick<SetAsideNote, 'path' | 'at' | 'reason'>>;
}

const SHOWN = 5;

/**
 * The notes the index worker set aside (crash-guard.ts), as the service knows them: the list the
 * worker gives on opening, kept in step with what it reports of each file since.
 */
export function createSetAsideNotes() {
  const notes = new Map<string, Pick<SetAsideNote, 'path' | 'at' | 'reason'>>();
  return {
    replace(list: readonly SetAsideNote[] | undefined): void {
      if (!list) return;
      notes.clear();
      for (const n of list) notes.set(n.path, { path: n.path, at: n.at, reason: n.reason });
    },
    note(result: SyncResult): void {
      for (const rel of result.removed) notes.delete(rel);
      for (const f of result.upserts) {
        if (f.setAside) notes.set(f.path, notes.get(f.path) ?? { path: f.path, at: new Date().toISOString(), reason: f.setAside });
        else notes.delete(f.path);
      }
    },
    status(): SetAsideStatus {
      return { count: notes.size, notes: [...notes.values()].sort((a, b) => a.path.localeCompare(b.path)).slice(0, SHOWN) };
    },
  };
}
