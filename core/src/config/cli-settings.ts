import path from 'node:path';
import { z } from 'zod';
import type { Environment } from './environment.js';
import { locationSchema, optional, resolveLocation, text } from './location.js';
import { repoRoot } from './paths.js';

export type Runtime = 'auto' | 'docker' | 'native';

/** The settings that say which service: its address, its vault and its state dir. */
export type Locator = 'PORT' | 'HOST' | 'VAULT_PATH' | 'KNOWER_STATE_DIR';
const LOCATORS: readonly Locator[] = ['PORT', 'HOST', 'VAULT_PATH', 'KNOWER_STATE_DIR'];

/** What the `knower` command needs: where the service lives, and how to reach and run it. */
export interface CliSettings {
  repoRoot: string;
  port: number;
  host: string;
  /** Where a client on this machine reaches the service (loopback when it binds every interface). */
  url: string;
  vaultPath: string;
  stateDir: string;
  /** Where `knower start` records what it started, so that any shell finds it. */
  runDir: string;
  token?: string;
  runtime: Runtime;
  startTimeoutS?: number;
  /** The locators the person set in the environment for this run (not in .env): they win over the records. */
  explicit: { address: boolean; stateDir: boolean; vault: boolean };
  /** Where each locator the person set comes from, "the environment" or the .env file's path; a default is absent. */
  named: Partial<Record<Locator, string>>;
  /** What the service and the tools the CLI runs inherit: they read .env themselves. */
  childEnv: NodeJS.ProcessEnv;
}

const cliSchema = locationSchema.extend({
  // Not checked for length here: the service judges its token, the client only carries it.
  KNOWER_TOKEN: text,
  KNOWER_RUNTIME: optional(z.enum(['auto', 'docker', 'native'], { message: 'must be auto, docker or native' })),
  KNOWER_START_TIMEOUT_S: optional(z.string().regex(/^\d+$/, 'must be a whole number of seconds').transform(Number)),
  KNOWER_RUN_DIR: text,
});

/** The settings only `knower` reads; KNOWER_ENV_FILE is read from the environment alone (environment.ts). */
export const CLI_SETTINGS: readonly string[] = [...Object.keys(cliSchema.shape).filter((k) => !(k in locationSchema.shape)), 'KNOWER_ENV_FILE'];

export type CliSettingsResult = { ok: true; settings: CliSettings } | { ok: false; message: string };

/** The CLI's settings, with the service's own defaults; relative paths are relative to the checkout. */
export function loadCliSettings(environment: Environment): CliSettingsResult {
  const env = environment.merged;
  const parsed = cliSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const key = String(i.path[0]);
      return `${key} ${i.message} (got '${env[key] ?? ''}')`;
    });
    return { ok: false, message: lines.join('\n') };
  }
  const e = parsed.data;
  const location = resolveLocation(e, repoRoot);
  const has = (key: string) => environment.explicit.has(key);
  const named: Partial<Record<Locator, string>> = {};
  for (const key of LOCATORS) {
    if (has(key)) named[key] = 'the environment';
    else if (environment.fromFile.has(key)) named[key] = environment.envFile;
  }
  return {
    ok: true,
    settings: {
      repoRoot,
      ...location,
      url: `http://${clientHost(location.host)}:${String(location.port)}`,
      runDir: path.resolve(repoRoot, e.KNOWER_RUN_DIR ?? path.join('.knower', 'run')),
      token: e.KNOWER_TOKEN,
      runtime: e.KNOWER_RUNTIME ?? 'auto',
      startTimeoutS: e.KNOWER_START_TIMEOUT_S,
      explicit: { address: has('PORT') || has('HOST'), stateDir: has('KNOWER_STATE_DIR'), vault: has('VAULT_PATH') },
      named,
      childEnv: environment.process,
    },
  };
}

/** A client reaches a service bound to every interface through loopback. */
function clientHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '[::]') return '127.0.0.1';
  if (host.startsWith('[')) return host;
  return host.includes(':') ? `[${host}]` : host;
}
