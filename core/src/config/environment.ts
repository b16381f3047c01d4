import path from 'node:path';
import { ConfigError } from './config-error.js';
import { readEnvFile } from './env-file.js';
import { repoRoot } from './paths.js';

/** The settings in force, and where each came from. */
export interface Environment {
  /** The process environment, with .env filling in what it does not set. */
  merged: NodeJS.ProcessEnv;
  /** The process environment alone: what children inherit (they read .env themselves). */
  process: NodeJS.ProcessEnv;
  /** Keys the process environment sets to a non-blank value: the person chose them for this run. */
  explicit: ReadonlySet<string>;
  /** Keys whose value in force is the .env file's (not blank): the person wrote them there. */
  fromFile: ReadonlySet<string>;
  /** The .env file that was read (it may not exist). */
  envFile: string;
}

/**
 * The one .env file is the checkout's (KNOWER_ENV_FILE names another), whatever the current
 * directory: every shell, and the service started directly, then see the same settings.
 * Variables already set in the environment win over the file (`PORT=9000 ./knower start`).
 */
export function readEnvironment(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Environment {
  const envFile = env.KNOWER_ENV_FILE?.trim() ? path.resolve(cwd, env.KNOWER_ENV_FILE) : path.join(repoRoot, '.env');
  const merged: NodeJS.ProcessEnv = { ...env };
  let fromFile: Map<string, string>;
  try {
    fromFile = readEnvFile(envFile);
  } catch (err) {
    throw new ConfigError(`Cannot read the settings file ${envFile}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const filled = new Set<string>();
  for (const [key, value] of fromFile) {
    if (merged[key] !== undefined) continue;
    merged[key] = value;
    if (value.trim()) filled.add(key);
  }
  const explicit = new Set(Object.keys(env).filter((key) => env[key]?.trim()));
  return { merged, process: env, explicit, fromFile: filled, envFile };
}
