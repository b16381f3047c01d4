import { z } from 'zod';
import { frontmatterSchema } from './vault.js';

export const inboxSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  // A folder made by hand may have no frontmatter yet: no date then, but the item still shows.
  created: z.string().nullish(),
  summary: z.string().nullish(),
  failed: z.boolean().nullish(),
});
export const inboxListSchema = z.object({ items: z.array(inboxSummarySchema) });

export const inboxItemSchema = inboxSummarySchema.extend({
  review: z.object({ frontmatter: frontmatterSchema, body: z.string() }),
  files: z.array(z.string()),
});

export type InboxSummary = z.infer<typeof inboxSummarySchema>;
export type InboxItem = z.infer<typeof inboxItemSchema>;
