import { z } from 'zod';
import { DEFAULTS, commitId, fromQuery, pageLimit, vaultPath } from './fields.js';
import { fileChangeSchema } from './updates.js';

export const COMMIT_KINDS = ['update', 'undo', 'restore', 'hand', 'snapshot', 'forget'] as const;
export const commitKindSchema = z.enum(COMMIT_KINDS);

/** GET /history: every commit, newest first; `kind` keeps some kinds (`update,undo`). */
export const historyQuery = z.strictObject({
  limit: fromQuery(pageLimit).default(DEFAULTS.page),
  cursor: z
    .string()
    .regex(/^[0-9]{1,12}$/, 'must be a next_cursor from an earlier page')
    .optional(),
  kind: z
    .string()
    .transform((text) => text.split(','))
    .pipe(z.array(z.enum(COMMIT_KINDS, { message: `takes kinds among ${COMMIT_KINDS.join(', ')}, separated by commas` })))
    .optional(),
});

/** `?words=true` adds word-level changes to each hunk. */
export const diffQuery = z.strictObject({ words: z.stringbool().default(false) });

/** GET /vault/history: a note's versions, newest first. */
export const noteHistoryQuery = z.strictObject({ path: vaultPath, limit: fromQuery(pageLimit).default(DEFAULTS.page), cursor: commitId.optional() });

/** POST /vault/restore: a note back to a version of it. */
export const restoreBody = z.strictObject({ path: vaultPath.min(1, 'is empty'), commit: commitId });

export const hunkSchema = z.object({
  old_start: z.number(),
  old_lines: z.number(),
  new_start: z.number(),
  new_lines: z.number(),
  lines: z.array(z.string()),
  words: z.array(z.object({ op: z.enum(['=', '-', '+']), text: z.string() })).nullish(),
});
export const fileDiffSchema = fileChangeSchema.extend({
  binary: z.boolean().nullish(),
  too_large: z.boolean().nullish(),
  hunks: z.array(hunkSchema),
  /** The same hunks as unified diff text (`--- a/…`, `+++ b/…`, `@@ … @@`), for terminals. */
  patch: z.string().nullish(),
});
/** null `commit`: an update that changed nothing. */
export const commitDiffSchema = z.object({
  commit: z.string().nullable(),
  parent: z.string().nullish(),
  kind: commitKindSchema.nullish(),
  update_id: z.string().nullish(),
  files: z.array(fileDiffSchema),
});
export const undoReportSchema = z.object({
  /**
   * undone: everything reverted; partial: some changes are in the inbox item; nothing: nothing left
   * to revert; already_undone: an earlier undo of it stands (`commit`), so nothing was done.
   */
  status: z.enum(['undone', 'partial', 'nothing', 'already_undone']),
  /** The commit undone (and its update, for an update). */
  of: z.string().nullish(),
  update_id: z.string().nullish(),
  /** The undo's own commit, or the earlier one that stands (undo it to re-apply); null when it changed nothing. */
  commit: z.string().nullable(),
  reverted: z.array(fileChangeSchema),
  conflicts: z.array(z.object({ path: z.string(), reason: z.string() })),
  inbox_id: z.string().nullish(),
  message: z.string(),
});
export const noteVersionSchema = z.object({
  commit: z.string(),
  kind: commitKindSchema.catch('hand'),
  at: z.string(),
  author: z.string().nullish(),
  title: z.string(),
  update_id: z.string().nullish(),
  change: z.object({ kind: fileChangeSchema.shape.kind, from: z.string().nullish(), to: z.string().nullish() }),
  binary: z.boolean().nullish(),
  too_large: z.boolean().nullish(),
  hunks: z.array(hunkSchema),
});
export const noteHistorySchema = z.object({ path: z.string(), versions: z.array(noteVersionSchema), next_cursor: z.string().nullish() });
export const restoreReportSchema = z.object({ status: z.enum(['restored', 'unchanged']), path: z.string(), from: z.string(), commit: z.string().nullable() });
/** SSE `history_updated`: a commit landed. */
/** One commit of GET /history and GET /history/:commit: who made it, what it changed, what undid it. */
export const historyEntrySchema = z.object({
  commit: z.string(),
  parent: z.string().nullable(),
  kind: commitKindSchema,
  at: z.string(),
  author: z.string(),
  title: z.string(),
  update: z.object({ id: z.string(), status: z.string(), text: z.string(), summary: z.string().nullish() }).nullish(),
  undoes: z.string().nullish(),
  undone_by: z.array(z.string()),
  restored_from: z.string().nullish(),
  changes: z.array(fileChangeSchema),
});
export const historyPageSchema = z.object({ entries: z.array(historyEntrySchema), next_cursor: z.string().nullish() });
export const historyUpdatedSchema = z.object({ commit: z.string(), kind: z.string(), update_id: z.string().nullish() });

export type CommitKind = z.infer<typeof commitKindSchema>;
export type Hunk = z.infer<typeof hunkSchema>;
export type FileDiff = z.infer<typeof fileDiffSchema>;
export type CommitDiff = z.infer<typeof commitDiffSchema>;
export type UndoReport = z.infer<typeof undoReportSchema>;
export type NoteVersion = z.infer<typeof noteVersionSchema>;
export type NoteHistory = z.infer<typeof noteHistorySchema>;
export type RestoreReport = z.infer<typeof restoreReportSchema>;
export type HistoryUpdated = z.infer<typeof historyUpdatedSchema>;
