export { createHistory, type History, type CreateHistoryDeps } from './history.js';
export { type CommitKind } from './commit-log.js';
export { isHistoryPath } from './run-changes.js';
export type { HistoryEntry, CommitDiff, FileDiff, UndoReport, UndoConflict, NoteVersion, RestoreReport, HistoryError, Outcome } from './types.js';
export type { Hunk, WordPart } from './file-diff.js';
export type { HistoryTimings } from './history-service.js';
