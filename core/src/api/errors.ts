import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from './error-codes.js';

/** Every error the API sends: a stable code for programs, a sentence for people. */
export const errorBodySchema = z.object({
  error: z.enum(ERROR_CODES),
  message: z.string(),
  // A failed question is kept all the same: its error names it.
  question_id: z.string().nullish(),
});

export type ApiErrorBody = z.infer<typeof errorBodySchema>;

/** The error body a route declares for one status: the same shape, carrying only the codes it may answer with that status. */
export const errorBodyOf = (codes: readonly [ErrorCode, ...ErrorCode[]]) => errorBodySchema.extend({ error: z.enum(codes) });
