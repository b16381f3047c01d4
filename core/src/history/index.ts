export { createHistory, type History, type CreateHistoryDeps } from './history.js';
export { type CommitKind } from './commit-log.js';
export type { HistoryEntry, CommitDiff, FileDiff, UndoReport, NoteVersion, RestoreReport, HistoryError, HistoryOutcome } from './types.js';
export type { WordPart } from './file-diff.js';
export type { HistoryTimings } from './history-service.js';
export { freeName, type RewritePlan } from './history-rewrite.js';
export type { ForgetDone, ForgetMeta, RewriteCount } from './history-forget.js';
export { blobId } from './git-objects.js';
