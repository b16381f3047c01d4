import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Context } from '../context.js';
import { failed, type Failure } from '../outcome.js';
import type { Output } from '../output.js';
import { takeLockFile, type Lock } from './lock-file.js';
import { projectEnv, runInherit } from './tools.js';

/**
 * Held by every build ./knower runs (`knower test`'s, `start`'s, the `knower` script's own), and
 * by a start while it copies the build for its service: a build waits for the copy, a copy for
 * the build. While a build holds it, core/dist is missing or half written. The `knower` script
 * reads and takes it too: keep the path and the format (pid, then "build" or "copy") in step.
 */
const buildLockFile = (repoRoot: string): string => path.join(repoRoot, '.knower', 'build.lock');

/** A build takes a minute or two; one that holds the lock this long is not a build any more. */
const BUILD_WAIT_MS = 10 * 60_000;

/**
 * Waits for a build in progress (another shell's `knower test`), saying so, then holds the build
 * lock. A copy in progress is waited for in silence: it takes a fraction of a second.
 */
export function takeBuildLock(repoRoot: string, out: Output, purpose: 'build' | 'copy'): Promise<Lock | Failure> {
  const file = buildLockFile(repoRoot);
  return takeLockFile(file, {
    waitMs: BUILD_WAIT_MS,
    busy: `a build of this checkout has held ${file} for ${String(BUILD_WAIT_MS / 60_000)} minutes: if none is running, delete that file`,
    purpose,
    onWait: (holder) => {
      if (holder.purpose !== 'copy') out.warn(`waiting for the build in progress (pid ${String(holder.pid)}) to finish…`);
    },
  });
}

/** Whether the service and the web app are built. */
export function isBuilt(repoRoot: string): boolean {
  return existsSync(path.join(repoRoot, 'core', 'dist', 'main.js')) && existsSync(path.join(repoRoot, 'apps', 'web', 'dist', 'index.html'));
}

/** Builds when asked, or when the service or the web app has no build yet. The caller holds the build lock. */
export async function ensureBuilt(ctx: Context, rebuild: boolean): Promise<Failure | undefined> {
  const root = ctx.settings.repoRoot;
  if (isBuilt(root) && !rebuild) return undefined;
  ctx.out.say('Building (npm run build)…');
  const code = await runInherit('npm', ['run', 'build'], { cwd: root, env: projectEnv(root, ctx.settings.childEnv) });
  return code === 0 ? undefined : failed('the build failed (see above)');
}
