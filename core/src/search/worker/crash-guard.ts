import { lstatSync } from 'node:fs';
import path from 'node:path';
import type { ReadingMarker } from './reading-marker.js';
import type { SetAsideNote, SetAsideNotes } from './set-aside.js';

/** What the scanner asks before, around and after reading notes (a no-op where there is no index). */
export interface ReadGuard {
  /** A batch of files is about to be looked at. */
  batch(paths: readonly string[]): void;
  /** The batch is done. */
  done(): void;
  /** The note's entry when it is set aside as it is now: it is listed, not read. */
  setAside(rel: string, size: number, mtimeMs: number): SetAsideNote | undefined;
  /** Reads one note; a note under suspicion is read alone, named in the marker while it is. */
  reading<T>(rel: string, read: () => T): T;
  /** A file, or a folder's files, gone from the vault. */
  forget(rel: string): void;
}

export const NO_GUARD: ReadGuard = {
  batch: () => undefined,
  done: () => undefined,
  setAside: () => undefined,
  reading: (_rel, read) => read(),
  forget: () => undefined,
};

const REASON = 'the index worker stopped while reading it alone, twice in a row (it ran out of memory, crashed or was killed)';

/**
 * Keeps a note that crashes the index worker from crashing it forever. The marker names the
 * batch being read; after a crash the next worker reads that batch's notes one at a time, each
 * named alone while it is read. A note the worker stops on while reading it alone is read alone
 * once more (a kill from outside can land on any note); stopping on it again, it is the one the
 * worker stops on: it is set aside (listed, not searched, named in /health) until it changes.
 */
export class CrashGuard implements ReadGuard {
  private readonly suspects = new Set<string>();
  /** Notes the last worker stopped on while reading them alone: read alone once more. */
  private readonly second = new Set<string>();
  /** Suspects (or files in a suspect folder) read alone without a crash. */
  private readonly cleared = new Set<string>();
  private current: readonly string[] = [];

  constructor(
    private readonly root: string,
    private readonly marker: ReadingMarker,
    private readonly notes: SetAsideNotes,
    private readonly now: () => Date = () => new Date(),
  ) {
    const last = marker.takeLast();
    const into = { batch: this.suspects, one: this.second, again: undefined }[last?.kind ?? 'batch'];
    for (const rel of last?.paths ?? []) {
      if (into) into.add(rel);
      else this.putAside(rel);
    }
  }

  private putAside(rel: string): void {
    let info;
    try {
      info = lstatSync(path.join(this.root, rel));
    } catch {
      return; // gone since: nothing to set aside
    }
    this.notes.put({ path: rel, size: info.size, mtimeMs: info.mtimeMs, at: this.now().toISOString(), reason: REASON });
  }

  batch(paths: readonly string[]): void {
    this.current = paths;
    this.marker.mark('batch', paths);
  }

  done(): void {
    this.current = [];
    this.marker.clear();
  }

  setAside(rel: string, size: number, mtimeMs: number): SetAsideNote | undefined {
    return this.notes.matching(rel, size, mtimeMs);
  }

  /** The note, or a folder holding it, was in the batch a worker stopped in. */
  private suspected(rel: string): boolean {
    if (this.suspects.size === 0 || this.cleared.has(rel)) return false;
    if (this.suspects.has('')) return true; // the batch was the whole vault
    for (let at = rel.length; at > 0; at = rel.lastIndexOf('/', at - 1)) if (this.suspects.has(rel.slice(0, at))) return true;
    return false;
  }

  reading<T>(rel: string, read: () => T): T {
    const again = this.second.has(rel);
    if (!again && !this.suspected(rel)) return read();
    this.marker.mark(again ? 'again' : 'one', [rel]);
    try {
      return read();
    } finally {
      // Read, or failed without a crash: either way it is not the note the worker stops on.
      this.suspects.delete(rel);
      this.second.delete(rel);
      this.cleared.add(rel);
      this.marker.mark('batch', this.current);
    }
  }

  forget(rel: string): void {
    this.notes.forget(rel);
  }
}
