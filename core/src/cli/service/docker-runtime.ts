import { spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Context } from '../context.js';
import { createHttpClient, type HttpClient } from '../http-client.js';
import { failed, type Failure } from '../outcome.js';
import { containerLogSince, inspectContainer, readContainer } from './container-watch.js';
import { sharesHostOwners } from './docker-engine.js';
import { applyVaultPlan, folderState, planDockerVault } from './docker-vault.js';
import { checkFolders } from './folders.js';
import { probeHealth, type Probe } from './health-probe.js';
import type { ResolvedRuntime } from './runtime-choice.js';
import type { Running, StartOptions } from './start-native.js';
import { runInherit } from './tools.js';

export type DockerRuntime = Extract<ResolvedRuntime, { kind: 'docker' }>;

/** `docker compose …` in the checkout, with the settings this command read (.env included). */
export function compose(ctx: Context, runtime: { compose: string[] }, args: string[], stdout: 'inherit' | 'stderr' = 'inherit'): Promise<number> {
  const [command = 'docker', ...rest] = runtime.compose;
  return runInherit(command, [...rest, ...args], { cwd: ctx.settings.repoRoot, env: ctx.environment.merged, stdout });
}

/** The id of the core service's container, if compose made one. */
export function coreContainer(ctx: Context, runtime: { compose: string[] }): string | undefined {
  const [command = 'docker', ...rest] = runtime.compose;
  const out = spawnSync(command, [...rest, '--profile', 'core', 'ps', '-q', 'core'], { cwd: ctx.settings.repoRoot, env: ctx.environment.merged, encoding: 'utf8', timeout: 30_000 });
  return out.status === 0 ? out.stdout.trim().split('\n')[0] || undefined : undefined;
}

export async function startDocker(ctx: Context, runtime: DockerRuntime, opts: StartOptions): Promise<Running | Failure> {
  const { settings, out } = ctx;
  const client = createHttpClient(settings.url, settings.token);
  // With --rebuild, `up -d --build` below recreates a running container from the new image.
  if (!opts.rebuild) {
    const probe = await probeHealth(client);
    if (probe.kind === 'knower') return { url: settings.url, line: `Knower is already running at ${settings.url}`, health: probe.health };
  }
  const vault = await prepareVault(ctx, runtime);
  if (vault) return vault;
  const up = await compose(ctx, runtime, ['--profile', 'core', 'up', '-d', ...(opts.rebuild ? ['--build'] : [])]);
  if (up !== 0) return failed('docker compose up failed (see above)');
  const timeoutS = settings.startTimeoutS ?? 300;
  // The first boot may embed the vault before the server listens.
  out.say(`Waiting for ${settings.url}/health (up to ${String(timeoutS)}s)…`);
  const answer = await waitForContainer(ctx, runtime, client, timeoutS);
  if (answer.kind === 'failure') return answer;
  const line = `Knower is running at ${settings.url} (docker)`;
  if (answer.kind !== 'knower') {
    out.warn(answer.detail);
    return { url: settings.url, line, started: true };
  }
  return { url: settings.url, line, health: answer.health, started: true };
}

/** The vault folder, made (or refused) so that the container's user can write it: docker-vault.ts decides. */
async function prepareVault(ctx: Context, runtime: DockerRuntime): Promise<Failure | undefined> {
  const folders = checkFolders(ctx.settings, ['VAULT_PATH']);
  if (folders) return folders;
  const folder = ctx.settings.vaultPath;
  const plan = planDockerVault({ folder, state: folderState(folder), hostUid: process.getuid?.(), sharesOwners: await sharesHostOwners(runtime.engine) });
  if (plan.kind === 'refuse') return failed(...plan.lines);
  // Made here, not by the engine: a bind mount the daemon creates is root's.
  applyVaultPlan(folder, plan);
  if (plan.kind === 'create-for-container' || plan.kind === 'hand-over') ctx.out.say(`Vault: ${folder}, given to uid 1000 (the user the container runs as)`);
  return undefined;
}

/**
 * Polls /health until Knower answers, and the container's log and state in between: a preflight
 * refusal or an exit ends the wait at once, with the container's own words.
 */
async function waitForContainer(ctx: Context, runtime: DockerRuntime, client: HttpClient, timeoutS: number): Promise<Exclude<Probe, { kind: 'down' | 'silent' }> | Failure> {
  const env = ctx.environment.merged;
  const deadline = Date.now() + timeoutS * 1000;
  let id: string | undefined;
  while (Date.now() < deadline) {
    const probe = await probeHealth(client, 2);
    if (probe.kind !== 'down' && probe.kind !== 'silent') return probe;
    id ??= coreContainer(ctx, runtime);
    const state = id ? inspectContainer(id, env) : undefined;
    if (id && state) {
      // From the container's latest start: one already waiting on a folder said why back then.
      const verdict = readContainer(state, containerLogSince(id, state.startedAt, env));
      if (verdict.kind === 'refused') {
        ctx.out.writeErr(verdict.lines.map((l) => `${l}\n`).join(''));
        const next = verdict.exits ? 'the container exits: fix the setting, then ./knower start again' : 'the container waits and starts by itself once it is fixed';
        return failed(`Knower cannot start in its container (its log, above): ${next}`);
      }
      if (verdict.kind === 'exited') {
        ctx.out.writeErr(verdict.lines.map((l) => `${l}\n`).join(''));
        return failed(`the container stopped (exit code ${String(verdict.code)}); its last lines are above (./knower logs shows more)`);
      }
    }
    await sleep(500);
  }
  await compose(ctx, runtime, ['--profile', 'core', 'logs', '--tail', '40', 'core'], 'stderr');
  return failed(`no answer from ${ctx.settings.url}/health after ${String(timeoutS)}s (the container logs are above)`);
}
