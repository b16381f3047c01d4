import path from 'node:path';
import type { Environment } from './environment.js';
import { PORT_RANGE, resolveLocation } from './location-defaults.js';
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

/**
 * Read by hand, not with zod like the service's settings: every `knower` command reads them, and
 * loading zod costs a command about as much CPU as starting Node (`knower search` must stay
 * close to Node's own start). The rules are the service's (location.ts): blank is absent,
 * PORT a whole number from 1 to 65535.
 */
type Reading<T> = { value?: T; problem?: string };

const blankless = (value: string | undefined): string | undefined => value?.trim() || undefined;

function portOf(value: string | undefined): Reading<number> {
  const given = blankless(value);
  if (given === undefined) return {};
  const port = Number(given);
  return Number.isInteger(port) && port >= 1 && port <= 65535 ? { value: port } : { problem: PORT_RANGE };
}

function runtimeOf(value: string | undefined): Reading<Runtime> {
  const given = blankless(value);
  if (given === undefined) return {};
  return given === 'auto' || given === 'docker' || given === 'native' ? { value: given } : { problem: 'must be auto, docker or native' };
}

function secondsOf(value: string | undefined): Reading<number> {
  const given = blankless(value);
  if (given === undefined) return {};
  return /^\d+$/.test(given) ? { value: Number(given) } : { problem: 'must be a whole number of seconds' };
}

/** The settings only `knower` reads (the token is the service's too); KNOWER_ENV_FILE is read from the environment alone (environment.ts). */
export const CLI_SETTINGS: readonly string[] = ['KNOWER_TOKEN', 'KNOWER_RUNTIME', 'KNOWER_START_TIMEOUT_S', 'KNOWER_RUN_DIR', 'KNOWER_ENV_FILE'];

export type CliSettingsResult = { ok: true; settings: CliSettings } | { ok: false; message: string };

/** The CLI's settings, with the service's own defaults; relative paths are relative to the checkout. */
export function loadCliSettings(environment: Environment): CliSettingsResult {
  const env = environment.merged;
  const port = portOf(env.PORT);
  const runtime = runtimeOf(env.KNOWER_RUNTIME);
  const startTimeout = secondsOf(env.KNOWER_START_TIMEOUT_S);
  const problems = Object.entries({ PORT: port, KNOWER_RUNTIME: runtime, KNOWER_START_TIMEOUT_S: startTimeout }).flatMap(([key, reading]) =>
    reading.problem ? [`${key} ${reading.problem} (got '${env[key] ?? ''}')`] : [],
  );
  if (problems.length) return { ok: false, message: problems.join('\n') };
  const e = {
    VAULT_PATH: blankless(env.VAULT_PATH),
    KNOWER_STATE_DIR: blankless(env.KNOWER_STATE_DIR),
    PORT: port.value,
    HOST: blankless(env.HOST),
    KNOWER_TOKEN: blankless(env.KNOWER_TOKEN),
    KNOWER_RUNTIME: runtime.value,
    KNOWER_START_TIMEOUT_S: startTimeout.value,
    KNOWER_RUN_DIR: blankless(env.KNOWER_RUN_DIR),
  };
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
