import type { FileChange } from '../records/index.js';
import type { CommitKind } from './commit-log.js';
import type { Hunk } from './file-diff.js';

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

export interface FileDiff extends FileChange {
  binary?: true;
  too_large?: true;
  hunks: Hunk[];
  /** The same hunks as unified diff text (`--- a/…`, `+++ b/…`, `@@ … @@`), for terminals. */
  patch: string;
}

export interface CommitDiff {
  /** null for an update that changed nothing. */
  commit: string | null;
  parent: string | null;
  kind: CommitKind;
  update_id?: string;
  files: FileDiff[];
}

export interface UndoConflict {
  path: string;
  /** Why it could not be reverted, in a sentence a person can act on. */
  reason: string;
}

export interface UndoReport {
  /** undone: everything reverted; partial: some changes are in the inbox item; nothing: nothing left to revert. */
  status: 'undone' | 'partial' | 'nothing';
  /** The commit undone (and its update, for an update). */
  of: string;
  update_id?: string;
  /** The undo's own commit (undo it to re-apply); null when it changed nothing. */
  commit: string | null;
  reverted: FileChange[];
  conflicts: UndoConflict[];
  /** The inbox item explaining what could not be reverted. */
  inbox_id?: string;
  message: string;
}

export interface NoteVersion {
  commit: string;
  kind: CommitKind;
  at: string;
  author: string;
  title: string;
  update_id?: string;
  /** What this commit did to the note: a move names the other end. */
  change: { kind: FileChange['kind']; from?: string; to?: string };
  binary?: true;
  too_large?: true;
  /** Against the note's previous version (empty for a move or a deletion of a binary file). */
  hunks: Hunk[];
}

export interface RestoreReport {
  status: 'restored' | 'unchanged';
  path: string;
  /** The commit the version came from. */
  from: string;
  /** The restore's own commit (undoable); null when the note already held that version. */
  commit: string | null;
}

export type HistoryError = 'history_unavailable' | 'commit_not_found' | 'update_not_found' | 'update_not_finished' | 'not_undoable' | 'version_not_found' | 'restore_blocked';

/** Expected outcomes are values; routes turn the error into a status. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: HistoryError; message: string };

export const fail = <T>(error: HistoryError, message: string): Outcome<T> => ({ ok: false, error, message });
