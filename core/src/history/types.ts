import type { PathProblem } from '../vault/index.js';
import type { FileChange } from '../records/index.js';
import type { CommitKind } from './commit-log.js';

/** One commit of the vault's history as the API lists it. */
export interface HistoryEntry {
  commit: string;
  parent: string | null;
  kind: CommitKind;
  /** When the change was made (ISO-8601 UTC). */
  at: string;
  author: string;
  title: string;
  /** For an update's commit: the update as sent and what the agent said it did. */
  update?: { id: string; status: string; text: string; summary?: string };
  /** For an undo: the commit it reverses. */
  undoes?: string;
  /** Undos that reversed this commit (an undo of an undo re-applies it). */
  undone_by: string[];
  /** For a restore: the commit the note's version came from. */
  restored_from?: string;
  changes: FileChange[];
}

// What a diff, an undo, a note's versions and a restore answer are the wire's shapes, from api/.
export type { CommitDiff, FileDiff, NoteVersion, RestoreReport, UndoReport } from '../api/index.js';

/** `path_*`: the note's path as asked for is not one in the vault (resolveVaultPath's problems); `no_history`: Knower generates that file. */
export type HistoryError =
  'history_unavailable' | 'commit_not_found' | 'update_not_found' | 'update_not_finished' | 'not_undoable' | 'version_not_found' | 'restore_blocked' | 'no_history' | `path_${PathProblem}`;

/** Expected outcomes are values; routes turn the error into a status. */
export type HistoryOutcome<T> = { ok: true; value: T } | { ok: false; error: HistoryError; message: string };

export const fail = <T>(error: HistoryError, message: string): HistoryOutcome<T> => ({ ok: false, error, message });
