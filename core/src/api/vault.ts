import { z } from 'zod';
import { DEFAULTS, fromQuery, LIMITS, queryText, resultLimit, vaultPath } from './fields.js';

/** GET /vault/tree: without `path` every file, flat; with it one folder's children. */
export const treeQuery = z.object({ path: vaultPath.optional() });
/** GET /vault/file and /vault/raw. */
export const pathQuery = z.object({ path: vaultPath });
/** GET /vault/find: file names and paths matching some words. */
export const findQuery = z.object({ q: queryText, limit: fromQuery(resultLimit).default(DEFAULTS.names) });
/** POST /vault/find: the same fields as a JSON body (a long filter, like a long search). */
export const findBody = z.strictObject(findQuery.shape);
/** GET /vault/resolve: where wikilinks lead, seen from a note. `link` repeats; one value is a list of one. */
export const resolveQuery = z.object({
  from: vaultPath.default(''),
  link: z.preprocess(
    (value) => (typeof value === 'string' ? [value] : value),
    z.array(vaultPath.min(1, 'is empty')).min(1, 'needs at least one link').max(LIMITS.links, `takes at most ${LIMITS.links} links`),
  ),
});

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
/** GET /vault/backlinks: the notes linking to one ("linked from"), each with the line of its link. */
export const backlinksSchema = z.object({ backlinks: z.array(z.object({ path: z.string(), line: z.string() })), complete: z.boolean() });
/** Where each [[wikilink]] / ![[embed]] target leads; null: nothing by that name. */
export const linksSchema = z.record(z.string(), z.string().nullable());
export const resolveSchema = z.object({ links: linksSchema });

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
  links: linksSchema.nullish().transform((value) => value ?? {}),
});

export type TreeEntry = z.infer<typeof treeEntrySchema>;
export type FolderSummary = z.infer<typeof folderSummarySchema>;
export type FolderListing = z.infer<typeof folderListingSchema>;
export type FoundFiles = z.infer<typeof findSchema>;
export type Backlinks = z.infer<typeof backlinksSchema>;
export type Links = z.infer<typeof linksSchema>;
export type Note = z.infer<typeof noteSchema>;
export { frontmatterSchema };
