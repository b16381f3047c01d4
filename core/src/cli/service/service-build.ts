import { chmodSync, cpSync, existsSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { copiedMain, SERVICE_BUILD_FOLDER } from './service-files.js';
import { failed, type Failure } from '../outcome.js';

/**
 * What a native service runs: a copy of the checkout's build (core/dist with the ranking
 * extension, apps/web/dist) in its state dir, made at each start. A rebuild of the checkout
 * (`./knower test`, `npm run build`) deletes those folders and writes them again over a minute
 * or two; a service running from them would meanwhile answer 404 for the app and fail on every
 * module it loads at first use (the MCP SDK, the model SDKs), then run a mix of two builds.
 * node_modules is linked, not copied: a build leaves it alone, and the copy resolves the same
 * packages through it (and finds qmd and Node 22 where the checkout does).
 */
// core/package.json says the copied .js files are ES modules.
const COPIED = [path.join('core', 'dist'), path.join('core', 'package.json'), path.join('apps', 'web', 'dist')];
const LINKED = ['node_modules', path.join('core', 'node_modules')];

/**
 * Copies the checkout's build into the state dir and returns the copy's entry point. The caller
 * holds the build lock. Into a temporary folder first: a start cut short never leaves half a
 * build to run.
 */
export function copyBuild(repoRoot: string, stateDir: string): string | Failure {
  const target = path.join(stateDir, SERVICE_BUILD_FOLDER);
  const temp = `${target}.${String(process.pid)}.tmp`;
  try {
    rmSync(temp, { recursive: true, force: true });
    mkdirSync(temp, { recursive: true, mode: 0o700 });
    for (const part of COPIED) cpSync(path.join(repoRoot, part), path.join(temp, part), { recursive: true });
    keepPrivate(temp);
    // 'junction': a folder link Windows makes without special rights (ignored elsewhere).
    for (const part of LINKED) if (existsSync(path.join(repoRoot, part))) symlinkSync(path.join(repoRoot, part), path.join(temp, part), 'junction');
    rmSync(target, { recursive: true, force: true });
    renameSync(temp, target);
  } catch (err) {
    rmSync(temp, { recursive: true, force: true });
    return failed(`could not copy the build for the service into ${target}: ${err instanceof Error ? err.message : String(err)}`);
  }
  return copiedMain(stateDir);
}

/**
 * The copy lives in the state folder, which is its user's alone: its files are too (cpSync keeps
 * the checkout's 0644 and 0755), so nothing in that folder tells others more than it should.
 */
function keepPrivate(dir: string): void {
  for (const name of readdirSync(dir)) {
    const entry = path.join(dir, name);
    const info = lstatSync(entry);
    if (info.isSymbolicLink()) continue;
    chmodSync(entry, info.mode & 0o7700);
    if (info.isDirectory()) keepPrivate(entry);
  }
}
