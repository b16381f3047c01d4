import { z } from 'zod';
import { PORT_RANGE } from './location-defaults.js';

/** Unset and blank variables are the same thing: absent. */
export const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : v), schema.optional());

export const text = optional(z.string());

const port = z.coerce.number({ message: PORT_RANGE }).int(PORT_RANGE).min(1, PORT_RANGE).max(65535, PORT_RANGE);

/** Where the service lives: read by the service itself and by the CLI that talks to it. */
export const locationFields = {
  VAULT_PATH: text,
  KNOWER_STATE_DIR: text,
  PORT: optional(port),
  HOST: text,
};

export { resolveLocation } from './location-defaults.js';
