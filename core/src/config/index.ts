import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError } from './config-error.js';
import { readEnvironment } from './environment.js';
import { locationFields, optional, resolveLocation, text } from './location.js';
import { coreDir, repoRoot } from './paths.js';
import { childEnvironment } from './child-env.js';
import { tokenProblem } from './token-strength.js';
import { captureFields, resolveCapture, type CaptureConfig } from './capture-config.js';
import { trustedProxies, trustedProxyField } from './trusted-proxy.js';
import { CLI_SETTINGS } from './cli-settings.js';
import { SETTINGS_READ_ELSEWHERE, unknownSettings, type UnknownSetting } from './unknown-settings.js';
import type { Environment } from './environment.js';

export { ConfigError } from './config-error.js';
export { readEnvironment, type Environment } from './environment.js';
export { childEnvironment } from './child-env.js';
export { dockerEnvironment, testEnvironment } from './test-environment.js';
export { estimateTokenBits } from './token-strength.js';
export { SERVICE_ENV, SERVICE_NODE_FLAGS } from './node-flags.js';
export { CLI_SETTINGS, loadCliSettings, type CliSettings, type Locator, type Runtime } from './cli-settings.js';
export { folderProblem, folderProblems } from './folder-check.js';
export { makePrivateFolder } from './private-folder.js';
export { unknownSettingLine, type UnknownSetting } from './unknown-settings.js';
import { DEFAULT_ANTHROPIC_MODEL, resolveProvider, type ProviderConfig } from './provider-config.js';

export type { ProviderConfig } from './provider-config.js';
export type { CaptureConfig } from './capture-config.js';

/** The only reader of the process environment: everything else receives a typed Config. */
export interface Config {
  vaultPath: string;
  stateDir: string;
  port: number;
  host: string;
  /** Binding beyond loopback without a token is refused unless this is set explicitly. */
  allowRemote: boolean;
  token?: string;
  /** KNOWER_ALLOWED_HOSTS: host names, besides loopback and IP literals, that requests may address (DNS-rebinding check). */
  allowedHosts: string[];
  /** KNOWER_TRUSTED_PROXY: addresses and ranges of reverse proxies whose X-Forwarded-For names the client (none: the connection's address does). */
  trustedProxies: string[];
  anthropic: { apiKey?: string; baseURL?: string; model: string; searchModel: string };
  /** The model provider the agents use (provider-config.ts states how it is chosen). */
  provider: ProviderConfig;
  embedIntervalS: number;
  /** KNOWER_FRONTMATTER: where notes' metadata lives; unset = decided at the first start on a vault. */
  frontmatter?: 'knower' | 'all';
  llamaGpu?: string;
  qmd: { nodeBinary: string; cliPath: string };
  /** qmd's models (deep search): fetched at start when missing if `autoPull` (the Docker image sets it), from `baseUrl`. */
  models: { autoPull: boolean; baseUrl: string };
  webDist: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'silent';
  /** The file the service's output goes to (`knower start` sets it): rotated past `logMaxBytes`. */
  logFile?: string;
  /** Size at which the log file is rotated (0: never). */
  logMaxBytes: number;
  /** Environment handed to children (qmd, the search worker, git): an allow-list, no keys, no token. */
  childEnv: NodeJS.ProcessEnv;
  /** Links and audio: which private hosts a link may reach, which transcriber hears audio. */
  capture: CaptureConfig;
}

const envSchema = z.object({
  ...locationFields,
  KNOWER_ALLOW_REMOTE: optional(z.enum(['0', '1', 'true', 'false'], { message: 'must be 1 or 0' })),
  KNOWER_TOKEN: optional(
    z.string().superRefine((token, ctx) => {
      const problem = tokenProblem(token);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  ),
  KNOWER_ALLOWED_HOSTS: optional(z.string().regex(/^[A-Za-z0-9.-]+(\s*,\s*[A-Za-z0-9.-]+)*$/, 'must be a comma-separated list of host names, e.g. knower.lan,notes.example.com')),
  KNOWER_TRUSTED_PROXY: trustedProxyField,
  ANTHROPIC_API_KEY: text,
  ANTHROPIC_BASE_URL: optional(z.url({ message: 'must be a URL such as http://127.0.0.1:9000' })),
  KNOWER_MODEL: text,
  KNOWER_SEARCH_MODEL: text,
  KNOWER_PROVIDER: optional(z.enum(['anthropic', 'openai', 'offline'], { message: 'must be anthropic, openai or offline' })),
  OPENAI_BASE_URL: optional(z.url({ protocol: /^https?$/, message: 'must be an http(s) URL such as http://127.0.0.1:11434/v1' })),
  OPENAI_API_KEY: text,
  KNOWER_MODEL_TIMEOUT_S: optional(z.coerce.number({ message: 'must be a number of seconds' }).int('must be a whole number').min(1, 'must be 1 or more').max(3600, 'must be 3600 or less')),
  KNOWER_OPENAI_STREAM: optional(z.enum(['0', '1', 'true', 'false'], { message: 'must be 1 or 0' })),
  KNOWER_EMBED_INTERVAL_S: optional(z.coerce.number({ message: 'must be a number of seconds' }).int().min(0, 'must be 0 (off) or more')),
  KNOWER_FRONTMATTER: optional(z.enum(['knower', 'all'], { message: 'must be "knower" (stamp only the notes Knower creates) or "all" (stamp every note)' })),
  NODE_LLAMA_CPP_GPU: optional(z.enum(['auto', 'cuda', 'vulkan', 'metal', 'false', 'off', 'none', 'disable', 'disabled'], { message: 'must be auto, cuda, vulkan, metal or false (off)' })),
  KNOWER_QMD_NODE: text,
  KNOWER_QMD_CLI: text,
  KNOWER_WEB_DIST: text,
  KNOWER_MODELS_AUTO_PULL: optional(z.enum(['0', '1', 'true', 'false'], { message: 'must be 1 or 0' })),
  HF_ENDPOINT: optional(z.url({ protocol: /^https?$/, message: 'must be an http(s) URL such as https://hf-mirror.com' })),
  KNOWER_LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'silent'])),
  KNOWER_LOG_FILE: text,
  KNOWER_LOG_MAX_MB: optional(z.coerce.number({ message: 'must be a number of megabytes' }).min(0, 'must be 0 (never rotate) or more')),
  ...captureFields,
});

const DEFAULT_MODEL = DEFAULT_ANTHROPIC_MODEL;

/** Every setting the service reads (the CLI's own are in cli-settings.ts): .env.example documents each. */
export const SERVICE_SETTINGS: readonly string[] = Object.keys(envSchema.shape);

/** The names set in the environment or .env that look meant for Knower but that no part of it reads (unknown-settings.ts). */
export function findUnknownSettings(environment: Environment): UnknownSetting[] {
  return unknownSettings(environment, [...SERVICE_SETTINGS, ...CLI_SETTINGS, ...SETTINGS_READ_ELSEWHERE]);
}

/** Settings whose value must never be printed: error messages end up in logs and terminals. */
const SECRETS = new Set(['KNOWER_TOKEN', 'ANTHROPIC_API_KEY', 'OPENAI_API_KEY', 'KNOWER_TRANSCRIBE_API_KEY']);

/** `KEY="value"` for an error message; a secret is named, never shown. */
function shownSetting(key: string, env: NodeJS.ProcessEnv): string {
  return SECRETS.has(key) ? `${key} (value not shown)` : `${key}=${JSON.stringify(env[key])}`;
}

/**
 * Reads and validates the settings once; throws ConfigError naming every bad value. By default
 * they are the process environment over the checkout's .env (see readEnvironment).
 */
export function loadConfig(env: NodeJS.ProcessEnv = readEnvironment().merged, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${shownSetting(String(i.path[0]), env)}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const { vaultPath, stateDir, port, host } = resolveLocation(e, cwd);
  const allowRemote = e.KNOWER_ALLOW_REMOTE === '1' || e.KNOWER_ALLOW_REMOTE === 'true';
  if (!isLoopback(host) && !e.KNOWER_TOKEN && !allowRemote) {
    throw new ConfigError(
      `Invalid configuration:\n  HOST=${JSON.stringify(host)}: binding beyond loopback exposes the vault to the network; set KNOWER_TOKEN (a random value, e.g. \`openssl rand -hex 32\`), or KNOWER_ALLOW_REMOTE=1 if a proxy or container network protects it (docker compose does: it publishes the port on 127.0.0.1 only)`,
    );
  }
  const provider = resolveProvider(e);
  if (!provider.ok) throw new ConfigError(`Invalid configuration:\n${provider.problems.join('\n')}`);
  return {
    vaultPath,
    stateDir,
    port,
    host,
    allowRemote,
    token: e.KNOWER_TOKEN,
    allowedHosts: (e.KNOWER_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    trustedProxies: trustedProxies(e.KNOWER_TRUSTED_PROXY),
    anthropic: {
      apiKey: e.ANTHROPIC_API_KEY,
      baseURL: e.ANTHROPIC_BASE_URL,
      model: e.KNOWER_MODEL ?? DEFAULT_MODEL,
      searchModel: e.KNOWER_SEARCH_MODEL ?? e.KNOWER_MODEL ?? DEFAULT_MODEL,
    },
    provider: provider.provider,
    embedIntervalS: e.KNOWER_EMBED_INTERVAL_S ?? 300,
    ...(e.KNOWER_FRONTMATTER && { frontmatter: e.KNOWER_FRONTMATTER }),
    llamaGpu: e.NODE_LLAMA_CPP_GPU,
    qmd: {
      nodeBinary: e.KNOWER_QMD_NODE ?? findNode22(),
      cliPath: e.KNOWER_QMD_CLI ?? findQmdCli(),
    },
    models: { autoPull: e.KNOWER_MODELS_AUTO_PULL === '1' || e.KNOWER_MODELS_AUTO_PULL === 'true', baseUrl: e.HF_ENDPOINT ?? 'https://huggingface.co' },
    webDist: path.resolve(cwd, e.KNOWER_WEB_DIST ?? path.join(repoRoot, 'apps', 'web', 'dist')),
    logLevel: e.KNOWER_LOG_LEVEL ?? 'info',
    ...(e.KNOWER_LOG_FILE ? { logFile: path.resolve(cwd, e.KNOWER_LOG_FILE) } : {}),
    logMaxBytes: Math.round((e.KNOWER_LOG_MAX_MB ?? 10) * 1024 * 1024),
    childEnv: childEnvironment(env),
    capture: resolveCapture(e),
  };
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** qmd 2.x needs Node >= 22: use this process when it is, else the node@22 dependency. */
function findNode22(): string {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= 22) return process.execPath;
  for (const dir of [repoRoot, coreDir]) {
    const candidate = path.join(dir, 'node_modules', '.bin', 'node');
    if (existsSync(candidate)) return candidate;
  }
  return process.execPath;
}

function findQmdCli(): string {
  for (const dir of [coreDir, repoRoot]) {
    const candidate = path.join(dir, 'node_modules', '@tobilu', 'qmd', 'dist', 'cli', 'qmd.js');
    if (existsSync(candidate)) return candidate;
  }
  return path.join(repoRoot, 'node_modules', '@tobilu', 'qmd', 'dist', 'cli', 'qmd.js');
}
