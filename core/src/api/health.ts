import { z } from 'zod';

/**
 * Where the vault keeps what the app shows by path: the inbox's folder (a change under it is a
 * change to the inbox) and the name of the file in an item's folder that holds Knower's question
 * (the item's other files are its attachments). The app takes them from here, never spells them.
 */
export const vaultLayoutSchema = z.object({ inbox: z.string(), review: z.string() });

/** The part of GET /health the web app reads; the CLI and monitors read the rest. */
export const healthSchema = z.object({
  provider: z.object({ name: z.string(), model: z.string().nullish(), problem: z.string().nullish() }).nullish(),
  vault: z.object({ layout: vaultLayoutSchema }),
});

export type Health = z.infer<typeof healthSchema>;
export type VaultLayout = z.infer<typeof vaultLayoutSchema>;
