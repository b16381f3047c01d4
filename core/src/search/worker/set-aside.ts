import type { Db } from './sqlite.js';

/** A note the index worker crashed on, left out of search until it changes. */
export interface SetAsideNote {
  path: string;
  /** Its size and modification time when it was set aside: a change of either tries it again. */
  size: number;
  mtimeMs: number;
  at: string;
  reason: string;
}

interface Row {
  path: string;
  size: number;
  mtime_ms: number;
  at: string;
  reason: string;
}

/**
 * The notes set aside, in the index (table `set_aside`) and, since there are few, in memory:
 * looking one up while indexing is a map lookup, never a query.
 */
export class SetAsideNotes {
  private readonly notes = new Map<string, SetAsideNote>();
  private readonly s;

  constructor(db: Db) {
    this.s = {
      put: db.prepare('INSERT OR REPLACE INTO set_aside (path, size, mtime_ms, at, reason) VALUES (?, ?, ?, ?, ?)'),
      delete: db.prepare('DELETE FROM set_aside WHERE path = ?'),
    };
    for (const row of db.prepare('SELECT path, size, mtime_ms, at, reason FROM set_aside').all<Row>()) {
      this.notes.set(row.path, { path: row.path, size: row.size, mtimeMs: row.mtime_ms, at: row.at, reason: row.reason });
    }
  }

  all(): SetAsideNote[] {
    return [...this.notes.values()];
  }

  /** The note's entry if it is set aside as it is now; a changed note is taken off the list (it is tried again). */
  matching(rel: string, size: number, mtimeMs: number): SetAsideNote | undefined {
    const note = this.notes.get(rel);
    if (!note) return undefined;
    if (note.size === size && note.mtimeMs === mtimeMs) return note;
    this.forget(rel);
    return undefined;
  }

  put(note: SetAsideNote): void {
    this.notes.set(note.path, note);
    this.s.put.run(note.path, note.size, note.mtimeMs, note.at, note.reason);
  }

  /** A file, or every file under a folder, that is gone. */
  forget(rel: string): void {
    if (this.notes.size === 0) return;
    for (const path of this.notes.keys()) {
      if (path !== rel && !path.startsWith(`${rel}/`)) continue;
      this.notes.delete(path);
      this.s.delete.run(path);
    }
  }
}
