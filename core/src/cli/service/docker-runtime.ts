import { mkdirSync } from 'node:fs';
import type { Context } from '../context.js';
import { createHttpClient } from '../http-client.js';
import { failed, type Failure } from '../outcome.js';
import { checkFolders } from './folders.js';
import { probeHealth } from './health-probe.js';
import { waitForAnswer } from './readiness.js';
import type { Running, StartOptions } from './start-native.js';
import { runInherit, succeeds } from './tools.js';

export type ResolvedRuntime = { kind: 'native' } | { kind: 'docker'; compose: string[] };

/** Docker when an engine answers (and KNOWER_RUNTIME is not native), else native. */
export function detectRuntime(ctx: Context): ResolvedRuntime | Failure {
  const setting = ctx.settings.runtime;
  if (setting === 'native') return { kind: 'native' };
  const engine = succeeds('docker', ['info'], 5000);
  if (!engine) {
    return setting === 'docker' ? failed("KNOWER_RUNTIME=docker but no Docker engine answers ('docker info' failed)") : { kind: 'native' };
  }
  if (succeeds('docker', ['compose', 'version'], 10_000)) return { kind: 'docker', compose: ['docker', 'compose'] };
  if (succeeds('docker-compose', ['version'], 10_000)) return { kind: 'docker', compose: ['docker-compose'] };
  return failed('Docker answers but Compose is missing: install the compose plugin, or run with KNOWER_RUNTIME=native');
}

/** `docker compose …` in the checkout, with the settings this command read (.env included). */
export function compose(ctx: Context, runtime: { compose: string[] }, args: string[], stdout: 'inherit' | 'stderr' = 'inherit'): Promise<number> {
  const [command = 'docker', ...rest] = runtime.compose;
  return runInherit(command, [...rest, ...args], { cwd: ctx.settings.repoRoot, env: ctx.environment.merged, stdout });
}

export async function startDocker(ctx: Context, runtime: { compose: string[] }, opts: StartOptions): Promise<Running | Failure> {
  const { settings, out } = ctx;
  const client = createHttpClient(settings.url, settings.token);
  // With --rebuild, `up -d --build` below recreates a running container from the new image.
  if (!opts.rebuild) {
    const probe = await probeHealth(client);
    if (probe.kind === 'knower') return { url: settings.url, line: `Knower is already running at ${settings.url}`, health: probe.health };
  }
  const timeoutS = settings.startTimeoutS ?? 300;
  const folders = checkFolders(settings, ['VAULT_PATH']);
  if (folders) return folders;
  // Created here so the bind mount is owned by the user, not by root via the Docker daemon.
  mkdirSync(settings.vaultPath, { recursive: true });
  const up = await compose(ctx, runtime, ['--profile', 'core', 'up', '-d', ...(opts.rebuild ? ['--build'] : [])]);
  if (up !== 0) return failed('docker compose up failed (see above)');
  // The first boot builds the image and may embed the vault before the server listens.
  out.say(`Waiting for ${settings.url}/health (up to ${String(timeoutS)}s)…`);
  const answer = await waitForAnswer(client, timeoutS);
  if (answer.kind !== 'answered') {
    await compose(ctx, runtime, ['--profile', 'core', 'logs', '--tail', '40', 'core'], 'stderr');
    return failed(`no answer from ${settings.url}/health after ${String(timeoutS)}s (the container logs are above)`);
  }
  const line = `Knower is running at ${settings.url} (docker)`;
  if (answer.probe.kind !== 'knower') {
    out.warn(answer.probe.detail);
    return { url: settings.url, line, started: true };
  }
  return { url: settings.url, line, health: answer.probe.health, started: true };
}
