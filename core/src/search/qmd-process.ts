import { spawn, type ChildProcess } from 'node:child_process';
import { access, constants, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { QmdOptions } from './types.js';

/** Where and how every qmd child runs; shared by the CLI runs and the MCP child. */
export interface QmdContext {
  nodeBinary: string;
  cliPath: string;
  qmdDir: string;
  env: NodeJS.ProcessEnv;
  children: Set<ChildProcess>;
}

export type QmdRun = { ok: true; stdout: string; stderr: string; ms: number } | { ok: false; stdout: string; stderr: string; ms: number; error: string; timedOut: boolean };

// `--index index` makes qmd skip its walk up from cwd for a `.qmd/index.yml`, which would
// otherwise take over config and database; INDEX_PATH still decides the database file.
const BASE_ARGS = ['--index', 'index'];
const MAX_STDOUT = 16 * 1024 * 1024;
const STDERR_TAIL = 16 * 1024;

export function createQmdContext(opts: QmdOptions): QmdContext {
  const qmdDir = join(opts.stateDir, 'qmd');
  const env: NodeJS.ProcessEnv = {
    ...(opts.env ?? {}),
    INDEX_PATH: join(qmdDir, 'index.sqlite'),
    QMD_CONFIG_DIR: qmdDir,
    NO_COLOR: '1',
    PWD: qmdDir,
  };
  return { nodeBinary: opts.nodeBinary, cliPath: opts.cliPath, qmdDir, env, children: new Set() };
}

/** Reason the Node 22 that qmd needs cannot run, or null once qmd's state dir exists. */
export async function prepareNode(ctx: QmdContext): Promise<string | null> {
  try {
    await access(ctx.nodeBinary, constants.X_OK);
  } catch {
    return `qmd is unavailable: the Node binary ${ctx.nodeBinary} does not exist or is not executable`;
  }
  await mkdir(ctx.qmdDir, { recursive: true });
  return null;
}

/** Reason qmd's CLI (deep search, embeddings) cannot run, or null. Cheap: two access() calls. */
export async function prepareQmd(ctx: QmdContext): Promise<string | null> {
  const node = await prepareNode(ctx);
  if (node) return node;
  try {
    await access(ctx.cliPath, constants.R_OK);
  } catch {
    return `qmd is unavailable: ${ctx.cliPath} does not exist`;
  }
  await mkdir(ctx.qmdDir, { recursive: true });
  return null;
}

function spawnQmd(ctx: QmdContext, args: string[]): ChildProcess {
  const child = spawn(ctx.nodeBinary, [ctx.cliPath, ...BASE_ARGS, ...args], {
    cwd: ctx.qmdDir,
    env: ctx.env,
    stdio: ['pipe', 'pipe', 'pipe'],
    // Own process group, so a timeout kill also reaches anything qmd itself started.
    detached: true,
  });
  ctx.children.add(child);
  child.once('close', () => ctx.children.delete(child));
  child.once('error', () => ctx.children.delete(child));
  return child;
}

export function killChild(child: ChildProcess): void {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    else child.kill('SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

/** Runs one qmd CLI command; killed past `timeoutMs`. Failures are values, never exceptions. */
export function runQmd(ctx: QmdContext, args: string[], timeoutMs: number): Promise<QmdRun> {
  const started = Date.now();
  const label = `qmd ${args.find((a) => !a.startsWith('-')) ?? ''}`.trim();
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    let spawnError: Error | undefined;
    const child = spawnQmd(ctx, args);
    child.stdin?.end();
    child.stdout?.setEncoding('utf8').on('data', (d: string) => {
      if (stdout.length < MAX_STDOUT) stdout += d;
    });
    child.stderr?.setEncoding('utf8').on('data', (d: string) => {
      stderr = (stderr + d).slice(-STDERR_TAIL);
    });
    const timer = setTimeout(() => {
      timedOut = true;
      killChild(child);
    }, timeoutMs);
    child.once('error', (err) => {
      spawnError = err;
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      const ms = Date.now() - started;
      if (code === 0 && !timedOut) return resolve({ ok: true, stdout, stderr, ms });
      const error = timedOut
        ? `${label} timed out after ${timeoutMs} ms and was killed`
        : spawnError
          ? `could not start ${label}: ${spawnError.message}`
          : `${label} failed (${signal ?? `exit code ${code}`}): ${summarizeOutput(stderr || stdout)}`;
      resolve({ ok: false, stdout, stderr, ms, error, timedOut });
    });
  });
}

/** The line of a qmd failure worth showing a person: the error line of a stack trace if any. */
function summarizeOutput(text: string): string {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  const errorLine = lines.find((l) => /^\w*Error\b|SQLITE_/.test(l));
  // qmd states the problem first and the advice after; its warnings (no GPU, …) are noise here.
  const headline = lines.find((l) => !/warning/i.test(l));
  const line = errorLine ?? headline ?? lines.at(-1) ?? 'no output';
  return line.length > 300 ? `${line.slice(0, 297)}...` : line;
}
