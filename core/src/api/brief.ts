import { z } from 'zod';
import { fromQuery } from './fields.js';

/** The default size of a brief, in Knower's tokens (characters / 4). */
export const BRIEF_TOKENS = { default: 1_000, min: 100, max: 8_000 } as const;

const name = z.string().min(1, 'is empty').max(200, 'is longer than 200 characters');

/**
 * GET /brief: what a coding agent should know when it starts work in a repository. `repo` is
 * the repository's folder name; `project` names the project outright when the person set it.
 */
export const briefQuery = z.strictObject({
  repo: name,
  project: name.optional(),
  tokens: fromQuery(
    z.number({ message: 'must be a number' }).int('must be a whole number').min(BRIEF_TOKENS.min, `must be ${BRIEF_TOKENS.min} or more`).max(BRIEF_TOKENS.max, `must be ${BRIEF_TOKENS.max} or less`),
  ).default(BRIEF_TOKENS.default),
});

export const briefSchema = z.object({
  /** The project folder under projects/, or null when none matches the repository. */
  project: z.string().nullable(),
  /** How it was found: given by name, its folder name matches the repository's, or by search. */
  matched: z.enum(['given', 'name', 'search']).nullable(),
  markdown: z.string(),
  /** The brief's size, measured as the vault measures notes (characters / 4). */
  tokens: z.number(),
  /** The notes it quotes or lists. */
  sources: z.array(z.string()),
});

export type BriefQuery = z.infer<typeof briefQuery>;
export type Brief = z.infer<typeof briefSchema>;
