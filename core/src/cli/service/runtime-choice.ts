import { spawnSync } from 'node:child_process';
import type { Runtime } from '../../config/index.js';
import type { Context } from '../context.js';
import { failed, type Failure } from '../outcome.js';
import { engineAddress, pingEngine, type EngineAddress, type EngineAnswer } from './docker-engine.js';
import { onPath, succeeds } from './tools.js';

/** The runtime `knower` uses, and why, in words `start` prints. */
export type ResolvedRuntime = { kind: 'native'; why: string } | { kind: 'docker'; compose: string[]; engine: EngineAddress; why: string };

/** How the choice looks at this machine (tests give fakes that answer like the real thing). */
export interface RuntimeProbes {
  engine(address: EngineAddress, env: NodeJS.ProcessEnv): Promise<EngineAnswer>;
  /** The compose command that works here, if one does. */
  compose(env: NodeJS.ProcessEnv): string[] | undefined;
}

export const machineProbes: RuntimeProbes = {
  engine: (address, env) => (address.kind === 'context' ? askDockerCommand(env) : pingEngine(address)),
  compose(env) {
    if (succeeds('docker', ['compose', 'version'], 10_000, env)) return ['docker', 'compose'];
    // Found, not run: docker-compose v1 is Python, and takes seconds to start.
    if (onPath('docker-compose', env)) return ['docker-compose'];
    return undefined;
  },
};

/**
 * Docker when an engine answers (and KNOWER_RUNTIME is not native), else native; with
 * KNOWER_RUNTIME=docker, an engine that does not answer is a failure that says why.
 */
export async function chooseRuntime(setting: Runtime, env: NodeJS.ProcessEnv, probes: RuntimeProbes = machineProbes): Promise<ResolvedRuntime | Failure> {
  if (setting === 'native') return { kind: 'native', why: 'KNOWER_RUNTIME=native' };
  const engine = engineAddress(env);
  const answer = await probes.engine(engine, env);
  if (!answer.answers) {
    const why = `no Docker engine answers at ${engine.shown}: ${answer.why}`;
    return setting === 'docker' ? failed(`KNOWER_RUNTIME=docker, but ${why}`) : { kind: 'native', why };
  }
  const compose = probes.compose(env);
  if (!compose) return failed(`a Docker engine answers at ${engine.shown}, but Compose is missing: install the compose plugin (or docker-compose), or run with KNOWER_RUNTIME=native`);
  const why = setting === 'docker' ? `KNOWER_RUNTIME=docker; the engine at ${engine.shown} answers` : `the Docker engine at ${engine.shown} answers`;
  return { kind: 'docker', compose, engine, why };
}

/** A context's engine is the docker command's to find: asked with a bound, as `docker version`. */
function askDockerCommand(env: NodeJS.ProcessEnv): Promise<EngineAnswer> {
  const out = spawnSync('docker', ['version', '--format', '{{.Server.Version}}'], { env, stdio: 'ignore', timeout: 5000 });
  if (out.error && (out.error as NodeJS.ErrnoException).code === 'ENOENT') return Promise.resolve({ answers: false, why: 'no docker command on PATH' });
  if (out.signal) return Promise.resolve({ answers: false, why: "'docker version' did not answer within 5s" });
  return Promise.resolve(out.status === 0 ? { answers: true } : { answers: false, why: "'docker version' found no engine" });
}

/** The runtime for this command's settings (.env included), as this machine answers. */
export function detectRuntime(ctx: Context): Promise<ResolvedRuntime | Failure> {
  return chooseRuntime(ctx.settings.runtime, ctx.environment.merged);
}
