import path from 'node:path';

/** What a bad PORT is told, by the service's schema (location.ts) and the CLI's reading (cli-settings.ts) alike. */
export const PORT_RANGE = 'must be a number between 1 and 65535';

/** Where the service lives, once its settings are read. */
export interface Location {
  vaultPath: string;
  stateDir: string;
  port: number;
  host: string;
}

/** The location settings as given (blank ones absent). */
export interface LocationSettings {
  VAULT_PATH?: string;
  KNOWER_STATE_DIR?: string;
  PORT?: number;
  HOST?: string;
}

/**
 * The defaults, in one place; relative paths are relative to `cwd`. Apart from the schemas in
 * location.ts so that the CLI, which reads them without zod, shares them.
 */
export function resolveLocation(e: LocationSettings, cwd: string): Location {
  return {
    vaultPath: path.resolve(cwd, e.VAULT_PATH ?? 'vault'),
    stateDir: path.resolve(cwd, e.KNOWER_STATE_DIR ?? '.knower'),
    port: e.PORT ?? 8000,
    host: e.HOST ?? '127.0.0.1',
  };
}
