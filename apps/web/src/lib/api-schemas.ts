import { z } from 'zod';

// The HTTP contract with core, as zod schemas. Optional fields accept null as well as absence:
// a serializer that writes `null` for "not known yet" must not break the UI.

export const treeEntrySchema = z.object({
  path: z.string(),
  kind: z.enum(['note', 'file']),
  size: z.number(),
  tokens: z.number().nullish(),
  updated: z.string().nullish(),
});
export const treeSchema = z.object({ files: z.array(treeEntrySchema) });

export const folderSummarySchema = z.object({ name: z.string(), path: z.string(), files: z.number(), tokens: z.number() });
export const folderListingSchema = z.object({
  path: z.string(),
  total: z.object({ files: z.number(), tokens: z.number() }),
  folders: z.array(folderSummarySchema),
  files: z.array(treeEntrySchema),
});
export const findSchema = z.object({ results: z.array(treeEntrySchema), total: z.number() });
export const linksSchema = z.record(z.string(), z.string().nullable());
export const resolveSchema = z.object({ links: linksSchema });
export const searchHitsSchema = z.object({
  results: z.array(z.object({ path: z.string(), title: z.string().nullish(), score: z.number().nullish(), snippet: z.string().nullish() })),
  mode: z.string().nullish(),
  degraded: z.union([z.string(), z.boolean()]).nullish(),
});

const frontmatterSchema = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((value) => value ?? {});

export const noteSchema = z.object({
  path: z.string(),
  frontmatter: frontmatterSchema,
  body: z.string(),
  tokens: z.number().nullish(),
  updated: z.string().nullish(),
  malformed: z.string().nullish(),
  // Where each [[wikilink]] / ![[embed]] target of the body leads; null: nothing by that name.
  links: linksSchema.nullish().transform((value) => value ?? {}),
});

export const acceptedSchema = z.object({ status: z.literal('accepted'), id: z.string() });

export const searchModeSchema = z.enum(['fast', 'deep']);

export const answerSchema = z.object({
  markdown: z.string(),
  sources: z.array(z.string()),
  mode: z.string(),
  // "degraded" carries the reason deep search fell back to fast; tolerate a bare flag too.
  degraded: z.union([z.string(), z.boolean()]).nullish(),
  offline: z.boolean().nullish(),
  // The id the question is kept under (Activity lists it after a reload).
  question_id: z.string().nullish(),
});

export const questionSchema = z.object({
  id: z.string(),
  query: z.string(),
  mode: searchModeSchema.catch('fast'),
  scope: z.string().nullish(),
  status: z.enum(['pending', 'answered', 'failed']),
  created: z.string(),
  finished: z.string().nullish(),
  answer: answerSchema.omit({ question_id: true }).nullish(),
  error: z.string().nullish(),
  error_code: z.string().nullish(),
  retry_of: z.string().nullish(),
  retried_by: z.string().nullish(),
});

export const inboxSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  // A folder made by hand may have no frontmatter yet: no date then, but the item still shows.
  created: z.string().nullish(),
  summary: z.string().nullish(),
  failed: z.boolean().nullish(),
});
export const inboxListSchema = z.object({ items: z.array(inboxSummarySchema) });

export const inboxItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  review: z.object({ frontmatter: frontmatterSchema, body: z.string() }),
  files: z.array(z.string()),
});

export const updateStateSchema = z.enum(['queued', 'running', 'done', 'inbox', 'failed']);

export const fileChangeSchema = z.object({
  path: z.string(),
  kind: z.enum(['created', 'edited', 'moved', 'deleted']),
  from: z.string().nullish(),
});

/** One tool call of a running update's agent (`update_step`, and the record's `steps`). */
export const updateStepSchema = z.object({
  n: z.number(),
  at: z.string(),
  tool: z.string(),
  path: z.string().nullish(),
  to: z.string().nullish(),
  query: z.string().nullish(),
  ok: z.boolean(),
  error: z.string().nullish(),
});

export const updateStatusSchema = z.object({
  id: z.string(),
  status: updateStateSchema,
  text: z.string().nullish(),
  inbox_ref: z.string().nullish(),
  created: z.string(),
  finished: z.string().nullish(),
  files: z.array(z.string()).nullish(),
  changes: z.array(fileChangeSchema).nullish(),
  inbox_id: z.string().nullish(),
  summary: z.string().nullish(),
  error: z.string().nullish(),
  images: z.array(z.object({ name: z.string() })).nullish(),
  attempts: z.number().nullish(),
  steps: z.array(updateStepSchema).nullish(),
  step_count: z.number().nullish(),
  retry_of: z.string().nullish(),
  retried_by: z.string().nullish(),
});
export const updateListSchema = z.object({ updates: z.array(updateStatusSchema) });
export const updateStepEventSchema = z.object({ id: z.string(), step: updateStepSchema });

/** Where an update stands in the vault's history (absent: it changed nothing, or not committed yet). */
export const updateHistorySchema = z.object({ commit: z.string(), undone_by: z.array(z.string()), undone: z.boolean() });

export const activityItemSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('update'), id: z.string(), at: z.string(), update: updateStatusSchema, history: updateHistorySchema.nullish() }),
  z.object({ type: z.literal('question'), id: z.string(), at: z.string(), question: questionSchema }),
]);
export const activityPageSchema = z.object({ items: z.array(activityItemSchema), next_cursor: z.string().nullish() });

export const retryAcceptedSchema = acceptedSchema.extend({ retry_of: z.string().nullish() });
export const historyUpdatedSchema = z.object({ commit: z.string(), kind: z.string(), update_id: z.string().nullish() });

// The vault's history: diffs, undo, a note's versions and restore.
export const hunkSchema = z.object({
  old_start: z.number(),
  old_lines: z.number(),
  new_start: z.number(),
  new_lines: z.number(),
  lines: z.array(z.string()),
  words: z.array(z.object({ op: z.enum(['=', '-', '+']), text: z.string() })).nullish(),
});
export const fileDiffSchema = fileChangeSchema.extend({ binary: z.boolean().nullish(), too_large: z.boolean().nullish(), hunks: z.array(hunkSchema) });
export const commitDiffSchema = z.object({ commit: z.string().nullable(), files: z.array(fileDiffSchema) });
export const undoReportSchema = z.object({
  status: z.enum(['undone', 'partial', 'nothing']),
  commit: z.string().nullable(),
  reverted: z.array(fileChangeSchema),
  conflicts: z.array(z.object({ path: z.string(), reason: z.string() })),
  inbox_id: z.string().nullish(),
  message: z.string(),
});
export const noteVersionSchema = z.object({
  commit: z.string(),
  kind: z.enum(['update', 'undo', 'restore', 'hand', 'snapshot']).catch('hand'),
  at: z.string(),
  title: z.string(),
  update_id: z.string().nullish(),
  change: z.object({ kind: fileChangeSchema.shape.kind, from: z.string().nullish(), to: z.string().nullish() }),
  binary: z.boolean().nullish(),
  too_large: z.boolean().nullish(),
  hunks: z.array(hunkSchema),
});
export const noteHistorySchema = z.object({ path: z.string(), versions: z.array(noteVersionSchema), next_cursor: z.string().nullish() });
export const restoreReportSchema = z.object({ status: z.enum(['restored', 'unchanged']), path: z.string(), from: z.string(), commit: z.string().nullable() });

export const healthSchema = z.object({
  provider: z.object({ name: z.string(), model: z.string().nullish(), problem: z.string().nullish() }).nullish(),
});

// A failed question is kept all the same: its error names it.
export const errorBodySchema = z.object({ error: z.string(), message: z.string(), question_id: z.string().nullish() });

// Server-sent events.
export const fileChangedSchema = z.object({
  path: z.string(),
  type: z.enum(['add', 'change', 'unlink']),
});
export const inboxUpdatedSchema = z.object({ count: z.number() });

export type TreeEntry = z.infer<typeof treeEntrySchema>;
export type FolderSummary = z.infer<typeof folderSummarySchema>;
export type FolderListing = z.infer<typeof folderListingSchema>;
export type FoundFiles = z.infer<typeof findSchema>;
export type Links = z.infer<typeof linksSchema>;
export type SearchHits = z.infer<typeof searchHitsSchema>;
export type Note = z.infer<typeof noteSchema>;
export type SearchMode = z.infer<typeof searchModeSchema>;
export type Answer = z.infer<typeof answerSchema>;
export type InboxSummary = z.infer<typeof inboxSummarySchema>;
export type InboxItem = z.infer<typeof inboxItemSchema>;
export type UpdateState = z.infer<typeof updateStateSchema>;
export type UpdateStatus = z.infer<typeof updateStatusSchema>;
export type Health = z.infer<typeof healthSchema>;
export type FileChange = z.infer<typeof fileChangeSchema>;
export type UpdateStep = z.infer<typeof updateStepSchema>;
export type UpdateStepEvent = z.infer<typeof updateStepEventSchema>;
export type Question = z.infer<typeof questionSchema>;
export type UpdateHistory = z.infer<typeof updateHistorySchema>;
export type ActivityItem = z.infer<typeof activityItemSchema>;
export type ActivityPage = z.infer<typeof activityPageSchema>;
export type HistoryUpdated = z.infer<typeof historyUpdatedSchema>;
export type Hunk = z.infer<typeof hunkSchema>;
export type FileDiff = z.infer<typeof fileDiffSchema>;
export type CommitDiff = z.infer<typeof commitDiffSchema>;
export type UndoReport = z.infer<typeof undoReportSchema>;
export type NoteVersion = z.infer<typeof noteVersionSchema>;
export type NoteHistory = z.infer<typeof noteHistorySchema>;
export type RestoreReport = z.infer<typeof restoreReportSchema>;
export type FileChanged = z.infer<typeof fileChangedSchema>;
export type InboxUpdated = z.infer<typeof inboxUpdatedSchema>;
