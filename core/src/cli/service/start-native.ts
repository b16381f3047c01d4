import { makePrivateFolder } from '../../config/index.js';
import type { Context } from '../context.js';
import { createHttpClient } from '../http-client.js';
import { failed, isFailure, type Failure } from '../outcome.js';
import { announceService } from './announce.js';
import { checkFolders } from './folders.js';
import { takeLock } from './cli-lock.js';
import { localUsersHint } from './local-users.js';
import type { ProbedHealth } from './health-probe.js';
import { showLogSince } from './log-excerpt.js';
import { removePidFile, serviceNode, spawnService } from './native-service.js';
import { serviceFiles } from './service-files.js';
import { isAlive } from './process-check.js';
import { waitForAnswer } from './readiness.js';
import { removeRecord, writeRecord } from './run-records.js';
import { ensureBuilt, isBuilt, takeBuildLock } from './build.js';
import { copyBuild } from './service-build.js';
import { checkConflicts } from './start-conflicts.js';

export interface StartOptions {
  rebuild: boolean;
  /** Wait until search covers the vault, even when stdout is not a terminal. */
  wait: boolean;
}

/** A service that answers: where, what its /health said, and the line that ends `start`. */
export interface Running {
  url: string;
  line: string;
  health?: ProbedHealth;
  /** This command started it (not one already running): when to say who else can reach it. */
  started?: boolean;
}

/**
 * Starts the service from this checkout unless this vault is served already, refusing when its
 * port or state dir belongs to another service; records what it started (see run-records).
 * Then shows the frontmatter mode and indexing progress, and prints where it runs.
 */
export async function startNative(ctx: Context, opts: StartOptions): Promise<Running | Failure> {
  const folders = checkFolders(ctx.settings, ['KNOWER_RUN_DIR', 'KNOWER_STATE_DIR', 'VAULT_PATH']);
  if (folders) return folders;
  const lock = await takeLock(ctx.settings.runDir);
  if (isFailure(lock)) return lock;
  let running: Running | Failure;
  try {
    running = await startUnlessRunning(ctx, opts);
  } finally {
    lock.release();
  }
  if (isFailure(running)) return running;
  return finishStart(ctx, running, opts.wait);
}

/** The announcement every runtime ends a start with (see announceService). */
export async function finishStart(ctx: Context, running: Running, wait: boolean): Promise<Running | Failure> {
  if (running.health) {
    const followed = await announceService(ctx, createHttpClient(running.url, ctx.settings.token), running.health, wait);
    if (followed === 'gone') return failed('the service stopped answering while it was indexing (./knower logs shows why)');
  }
  ctx.out.say(running.line);
  const hint = running.started && localUsersHint(running.url, Boolean(ctx.settings.token));
  if (hint) ctx.out.say(hint);
  return running;
}

async function startUnlessRunning(ctx: Context, opts: StartOptions): Promise<Running | Failure> {
  const conflict = await checkConflicts(ctx.settings);
  if (conflict.kind === 'refuse') return failed(...conflict.lines);
  if (conflict.kind === 'running') {
    if (opts.rebuild) ctx.out.warn('--rebuild takes effect on a fresh start: ./knower stop first');
    return conflict;
  }
  for (const line of conflict.beside ?? []) ctx.out.warn(line);
  const node = serviceNode(ctx.settings.repoRoot);
  if (isFailure(node)) return node;
  const main = await prepareServiceBuild(ctx, opts.rebuild);
  if (isFailure(main)) return main;
  return spawnAndWait(ctx, node, main);
}

/**
 * Builds when asked or when there is no build, then copies it for the service (service-build.ts):
 * both under the build lock, so neither starts while another shell's build has the folders half
 * written. Returns the copy's entry point.
 */
async function prepareServiceBuild(ctx: Context, rebuild: boolean): Promise<string | Failure> {
  const root = ctx.settings.repoRoot;
  const lock = await takeBuildLock(root, ctx.out, rebuild || !isBuilt(root) ? 'build' : 'copy');
  if (isFailure(lock)) return lock;
  try {
    const built = await ensureBuilt(ctx, rebuild);
    return built ?? copyBuild(root, ctx.settings.stateDir);
  } finally {
    lock.release();
  }
}

async function spawnAndWait(ctx: Context, node: string, main: string): Promise<Running | Failure> {
  const { settings, out } = ctx;
  const timeoutS = settings.startTimeoutS ?? 60;
  privateState(ctx);
  const { logFile } = serviceFiles(settings.stateDir);
  // The service reads .env itself: it is told which file this command read.
  // It rotates that log itself (KNOWER_LOG_MAX_MB): it is told which file its output goes to.
  const env = { ...settings.childEnv, KNOWER_ENV_FILE: ctx.environment.envFile, KNOWER_LOG_FILE: logFile };
  const spawned = spawnService({ node, main, repoRoot: settings.repoRoot, stateDir: settings.stateDir, url: settings.url, env });
  if (isFailure(spawned)) return spawned;
  const { pid, logOffset } = spawned;
  writeRecord(settings.runDir, {
    url: settings.url,
    host: settings.host,
    port: settings.port,
    vault: settings.vaultPath,
    stateDir: settings.stateDir,
    pid,
    log: logFile,
    startedAt: new Date().toISOString(),
  });
  const answer = await waitForAnswer(createHttpClient(settings.url, settings.token), timeoutS, () => isAlive(pid));
  if (answer.kind === 'exited') {
    out.warn('the service exited during start-up');
    showLogSince(out, logFile, logOffset);
    removePidFile(settings.stateDir);
    removeRecord(settings.runDir, settings.port);
    return failed();
  }
  if (answer.kind === 'timeout') {
    out.warn(`no answer from ${settings.url}/health after ${String(timeoutS)}s (pid ${String(pid)} is still running; ./knower stop ends it)`);
    showLogSince(out, logFile, logOffset);
    return failed();
  }
  const line = `Knower is running at ${settings.url} (pid ${String(pid)}, log ${logFile})`;
  if (answer.probe.kind !== 'knower') {
    out.warn(answer.probe.detail);
    return { url: settings.url, line, started: true };
  }
  return { url: settings.url, line, health: answer.probe.health, started: true };
}

/** The state folder holds the log and, once the service runs, copies of the notes: this user's alone, said once when it was not. */
function privateState({ settings, out }: Context): void {
  const state = makePrivateFolder(settings.stateDir);
  if (state.kind === 'tightened') out.warn(`the state folder ${settings.stateDir} was open to other users (${state.was}): it is private now (0700)`);
  if (state.kind === 'open') out.warn(`the state folder ${settings.stateDir} is open to other users (${state.mode}) and could not be made private: ${state.reason}`);
}
