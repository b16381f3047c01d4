import { z } from 'zod';

/** SSE `file_changed`: a file of the vault was added, changed or removed. */
export const fileChangedSchema = z.object({ path: z.string(), type: z.enum(['add', 'change', 'unlink']) });
/**
 * SSE `tree_changed`: the index behind GET /vault/tree changed. `file_changed` arrives as soon as
 * the disk changes; the listings follow a moment later, once the file has been indexed.
 */
export const treeChangedSchema = z.object({ revision: z.number() });
/** SSE `inbox_updated`: how many items wait. */
export const inboxUpdatedSchema = z.object({ count: z.number() });

export type FileChanged = z.infer<typeof fileChangedSchema>;
export type TreeChanged = z.infer<typeof treeChangedSchema>;
export type InboxUpdated = z.infer<typeof inboxUpdatedSchema>;
