import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { PathProblem } from '../api/index.js';

// The problems are named with the API's error codes (`path_<problem>`), which own their list.
export type { PathProblem };

export type ResolvedPath = { ok: true; rel: string; abs: string } | { ok: false; problem: PathProblem; message: string };

const fail = (problem: PathProblem, message: string): ResolvedPath => ({ ok: false, problem, message });

/**
 * The single sandbox check for every vault path, used by every route and every agent tool.
 * `root` must already be a realpath. The path is judged lexically first (no absolute paths,
 * no `..`, no NUL, no dot-folders), then the deepest existing ancestor is realpath'd so a
 * symlink cannot lead outside the vault.
 */
export async function resolveVaultPath(root: string, input: unknown, opts: { allowRoot?: boolean } = {}): Promise<ResolvedPath> {
  if (typeof input !== 'string') return fail('invalid', 'path must be a string');
  if (input.includes('\0')) return fail('nul', 'path contains a NUL byte');
  if (path.isAbsolute(input) || /^[a-zA-Z]:[\\/]/.test(input) || input.startsWith('~')) {
    return fail('absolute', `path must be relative to the vault root: ${input}`);
  }
  const segments = input.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) return fail('traversal', `path must not contain "..": ${input}`);
  if (segments.some((s) => s.startsWith('.'))) {
    return fail('hidden', `dotfiles and dot-folders are outside Knower's reach: ${input}`);
  }
  const rel = segments.join('/');
  if (rel === '' && !opts.allowRoot) return fail('empty', 'path is empty');
  const abs = rel === '' ? root : path.join(root, rel);
  if (abs !== root && !abs.startsWith(root + path.sep)) return fail('outside', `path leaves the vault: ${input}`);

  const real = await realpathOfDeepestExisting(abs, root);
  if (real !== root && !real.startsWith(root + path.sep)) {
    return fail('outside', `path leads outside the vault through a symlink: ${input}`);
  }
  return { ok: true, rel, abs };
}

/** realpath of `abs` if it exists, else of its deepest existing ancestor (joined with the rest). */
async function realpathOfDeepestExisting(abs: string, root: string): Promise<string> {
  let current = abs;
  const rest: string[] = [];
  for (;;) {
    try {
      return path.join(await realpath(current), ...rest.reverse());
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' && (err as NodeJS.ErrnoException).code !== 'ENOTDIR') throw err;
      if (current === root) return root;
      rest.push(path.basename(current));
      current = path.dirname(current);
    }
  }
}
