import { z } from 'zod';
import { fromQuery } from './fields.js';

/** GET /stats: `days` is the window "recent" counts over (default a week). */
export const statsQuery = z.strictObject({
  days: fromQuery(z.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 or more').max(365, 'must be 365 or less')).default(7),
});

const activity = {
  /** Updates of the window that changed a file here (an update touching two projects counts in both). */
  updates: z.number(),
  /** Files changed by hand in the window (each file of each hand-edit commit); null without the history. */
  hand_edits: z.number().nullable(),
};

export const projectStatsSchema = z.object({
  name: z.string(),
  notes: z.number(),
  tokens: z.number(),
  /** The latest `updated` of its notes. */
  updated: z.string().nullable(),
  ...activity,
});

export const statsSchema = z.object({
  generated: z.string(),
  days: z.number(),
  vault: z.object({ notes: z.number(), files: z.number(), tokens: z.number() }),
  /** Folders under projects/, largest first. */
  projects: z.array(projectStatsSchema),
  /** Everything outside projects/: the top-level notes, bucket/, the person's own folders. */
  elsewhere: z.object({ notes: z.number(), tokens: z.number(), ...activity }),
  /** Notes search should cover, and how many the index holds (null when search is unavailable). */
  index: z.object({ indexable: z.number(), indexed: z.number().nullable(), coverage: z.number().nullable(), problem: z.string().nullish() }),
  /** Notes with vectors for deep search. */
  embeddings: z.object({ models_present: z.boolean(), embedded: z.number().nullable(), pending: z.number().nullable(), coverage: z.number().nullable() }),
  /** The latest updates of the window, newest first. */
  recent_updates: z.array(z.object({ id: z.string(), status: z.string(), created: z.string(), summary: z.string().nullish(), text: z.string(), projects: z.array(z.string()) })),
  /** The most recently updated notes, newest first. */
  recent_notes: z.array(z.object({ path: z.string(), updated: z.string() })),
  /** Why hand edits are not counted, when the history is unavailable. */
  history_problem: z.string().nullish(),
});

export type StatsQuery = z.infer<typeof statsQuery>;
export type ProjectStats = z.infer<typeof projectStatsSchema>;
export type Stats = z.infer<typeof statsSchema>;
