import path from 'node:path';
import { z } from 'zod';

/** Unset and blank variables are the same thing: absent. */
export const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : v), schema.optional());

export const text = optional(z.string());

const PORT_RANGE = 'must be a number between 1 and 65535';
const port = z.coerce.number({ message: PORT_RANGE }).int(PORT_RANGE).min(1, PORT_RANGE).max(65535, PORT_RANGE);

/** Where the service lives: read by the service itself and by the CLI that talks to it. */
export const locationFields = {
  VAULT_PATH: text,
  KNOWER_STATE_DIR: text,
  PORT: optional(port),
  HOST: text,
};

export const locationSchema = z.object(locationFields);

export interface Location {
  vaultPath: string;
  stateDir: string;
  port: number;
  host: string;
}

/** The defaults, in one place; relative paths are relative to `cwd`. */
export function resolveLocation(e: z.infer<typeof locationSchema>, cwd: string): Location {
  return {
    vaultPath: path.resolve(cwd, e.VAULT_PATH ?? 'vault'),
    stateDir: path.resolve(cwd, e.KNOWER_STATE_DIR ?? '.knower'),
    port: e.PORT ?? 8000,
    host: e.HOST ?? '127.0.0.1',
  };
}
