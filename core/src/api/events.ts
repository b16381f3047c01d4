import { z } from 'zod';

/** SSE `file_changed`: a file of the vault was added, changed or removed. */
export const fileChangedSchema = z.object({ path: z.string(), type: z.enum(['add', 'change', 'unlink']) });
/** SSE `inbox_updated`: how many items wait. */
export const inboxUpdatedSchema = z.object({ count: z.number() });

export type FileChanged = z.infer<typeof fileChangedSchema>;
export type InboxUpdated = z.infer<typeof inboxUpdatedSchema>;
