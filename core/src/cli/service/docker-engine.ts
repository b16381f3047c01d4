import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';

/**
 * Where the Docker engine is, as the docker command would find it: DOCKER_HOST, else a context
 * (DOCKER_CONTEXT, or the current one in ~/.docker/config.json, as Docker Desktop sets), else
 * the default socket. A context's address is the docker command's to resolve.
 */
export type EngineAddress = { kind: 'unix'; socketPath: string; shown: string } | { kind: 'tcp'; host: string; port: number; shown: string } | { kind: 'context'; shown: string };

const DEFAULT_ENGINE_SOCKET = '/var/run/docker.sock';

export function engineAddress(env: NodeJS.ProcessEnv, home = os.homedir()): EngineAddress {
  const host = env.DOCKER_HOST?.trim();
  if (host) {
    if (host.startsWith('unix://')) return { kind: 'unix', socketPath: host.slice('unix://'.length), shown: host };
    const tcp = /^tcp:\/\/([^:/]+):(\d+)\/?$/.exec(host);
    if (tcp?.[1] && tcp[2]) return { kind: 'tcp', host: tcp[1], port: Number(tcp[2]), shown: host };
    return { kind: 'context', shown: host };
  }
  const context = env.DOCKER_CONTEXT?.trim() || currentContext(env.DOCKER_CONFIG?.trim() || path.join(home, '.docker'));
  if (context && context !== 'default') return { kind: 'context', shown: `the docker context '${context}'` };
  return { kind: 'unix', socketPath: DEFAULT_ENGINE_SOCKET, shown: `unix://${DEFAULT_ENGINE_SOCKET}` };
}

function currentContext(configDir: string): string | undefined {
  try {
    const config = JSON.parse(readFileSync(path.join(configDir, 'config.json'), 'utf8')) as { currentContext?: unknown };
    return typeof config.currentContext === 'string' ? config.currentContext : undefined;
  } catch {
    return undefined;
  }
}

/** What the engine said to GET /_ping, or why nothing did, in words for a person. */
export type EngineAnswer = { answers: true } | { answers: false; why: string };

type LocalEngine = Exclude<EngineAddress, { kind: 'context' }>;

/** How long an engine may take to answer a ping: a local one answers in milliseconds. */
const ENGINE_PING_MS = 2000;

/**
 * Asks the engine's API directly (GET /_ping), bounded: a socket that refuses, is missing or
 * hangs is an answer too, said as such. Not through the docker command, which is often
 * installed without an engine, and waits long on a socket that hangs.
 */
export async function pingEngine(address: LocalEngine, timeoutMs = ENGINE_PING_MS): Promise<EngineAnswer> {
  const got = await engineGet(address, '/_ping', timeoutMs);
  if ('why' in got) return { answers: false, why: got.why };
  return got.status === 200 ? { answers: true } : { answers: false, why: `it answered HTTP ${String(got.status)} to a ping` };
}

/**
 * Whether a bind-mounted folder keeps its host owner inside containers: true for an engine
 * running as root on this Linux machine. Docker Desktop (a VM that maps owners) and rootless
 * engines (container uids shifted) are not, and neither is an engine this cannot ask.
 */
export async function sharesHostOwners(address: EngineAddress, platform = process.platform): Promise<boolean> {
  if (platform !== 'linux' || address.kind === 'context') return false;
  const got = await engineGet(address, '/info', 5000);
  if ('why' in got || got.status !== 200) return false;
  try {
    const info = JSON.parse(got.body) as { OperatingSystem?: unknown; SecurityOptions?: unknown };
    const rootless = Array.isArray(info.SecurityOptions) && info.SecurityOptions.some((o) => String(o).includes('name=rootless'));
    const desktop = typeof info.OperatingSystem === 'string' && info.OperatingSystem.includes('Docker Desktop');
    return !rootless && !desktop;
  } catch {
    return false;
  }
}

function engineGet(address: LocalEngine, urlPath: string, timeoutMs: number): Promise<{ status: number; body: string } | { why: string }> {
  return new Promise((resolve) => {
    const target = address.kind === 'unix' ? { socketPath: address.socketPath } : { host: address.host, port: address.port };
    const req = request({ ...target, path: urlPath, method: 'GET', timeout: timeoutMs }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('timeout', () => {
      req.destroy();
      resolve({ why: `no answer within ${String(timeoutMs / 1000)}s` });
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ why: connectionProblem(err) }));
    req.end();
  });
}

function connectionProblem(err: NodeJS.ErrnoException): string {
  switch (err.code) {
    case 'ENOENT':
      return 'no such socket (no engine installed or running)';
    case 'ECONNREFUSED':
      return 'connection refused (the engine is not running)';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied (this user may not use the engine: add it to the docker group)';
    default:
      return err.message;
  }
}
