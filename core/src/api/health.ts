import { z } from 'zod';

/** The part of GET /health the web app reads; the CLI and monitors read the rest. */
export const healthSchema = z.object({
  provider: z.object({ name: z.string(), model: z.string().nullish(), problem: z.string().nullish() }).nullish(),
});

export type Health = z.infer<typeof healthSchema>;
