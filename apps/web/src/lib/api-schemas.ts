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

export const updateStatusSchema = z.object({
  id: z.string(),
  status: updateStateSchema,
  text: z.string().nullish(),
  inbox_ref: z.string().nullish(),
  created: z.string(),
  finished: z.string().nullish(),
  files: z.array(z.string()).nullish(),
  inbox_id: z.string().nullish(),
  summary: z.string().nullish(),
  error: z.string().nullish(),
});
export const updateListSchema = z.object({ updates: z.array(updateStatusSchema) });

export const healthSchema = z.object({
  provider: z.object({ name: z.string(), model: z.string().nullish(), problem: z.string().nullish() }).nullish(),
});

export const errorBodySchema = z.object({ error: z.string(), message: z.string() });

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
export type FileChanged = z.infer<typeof fileChangedSchema>;
export type InboxUpdated = z.infer<typeof inboxUpdatedSchema>;
