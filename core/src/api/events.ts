import { z } from 'zod';
import { updateStepSchema } from './updates.js';

/** SSE `file_changed`: a file of the vault was added, changed or removed. */
export const fileChangedSchema = z.object({ path: z.string(), type: z.enum(['add', 'change', 'unlink']) });
/**
 * SSE `tree_changed`: the index behind GET /vault/tree changed. `file_changed` arrives as soon as
 * the disk changes; the listings follow a moment later, once the file has been indexed.
 */
export const treeChangedSchema = z.object({ revision: z.number() });
/** SSE `inbox_updated`: how many items wait. */
export const inboxUpdatedSchema = z.object({ count: z.number() });

/** SSE `question_step`: one tool call of a pending question's search agent. */
export const questionStepEventSchema = z.object({ id: z.string(), step: updateStepSchema });

export type QuestionStepEvent = z.infer<typeof questionStepEventSchema>;
export type FileChanged = z.infer<typeof fileChangedSchema>;
export type TreeChanged = z.infer<typeof treeChangedSchema>;
export type InboxUpdated = z.infer<typeof inboxUpdatedSchema>;
