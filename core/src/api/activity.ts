import { z } from 'zod';
import { DEFAULTS, fromQuery, pageLimit } from './fields.js';
import { questionSchema } from './search.js';
import { updateStatusSchema } from './updates.js';

/** GET /activity: a page, newest first; `cursor` is the `next_cursor` of the page before. */
export const activityQuery = z.strictObject({
  limit: fromQuery(pageLimit).default(DEFAULTS.page),
  cursor: z.string().max(200, 'is longer than 200 characters').optional(),
});

/** Where an update stands in the vault's history (absent: it changed nothing, or not committed yet). */
export const updateHistorySchema = z.object({ commit: z.string(), undone_by: z.array(z.string()), undone: z.boolean() });

export const activityItemSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('update'), id: z.string(), at: z.string(), update: updateStatusSchema, history: updateHistorySchema.nullish() }),
  z.object({ type: z.literal('question'), id: z.string(), at: z.string(), question: questionSchema }),
]);
export const activityPageSchema = z.object({ items: z.array(activityItemSchema), next_cursor: z.string().nullish() });

export type UpdateHistory = z.infer<typeof updateHistorySchema>;
export type ActivityItem = z.infer<typeof activityItemSchema>;
export type ActivityPage = z.infer<typeof activityPageSchema>;
