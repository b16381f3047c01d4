import { z } from 'zod';

/** Every error the API sends: a stable code for programs, a sentence for people. */
export const errorBodySchema = z.object({
  error: z.string(),
  message: z.string(),
  // A failed question is kept all the same: its error names it.
  question_id: z.string().nullish(),
});

export type ApiErrorBody = z.infer<typeof errorBodySchema>;
