import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { constants as osConstants } from 'node:os';
import path from 'node:path';

/** PATH with the project's tools and its Node 22 first, as `npm run` would set it up. */
export function projectEnv(repoRoot: string, env: NodeJS.ProcessEnv, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const PATH = [path.join(repoRoot, 'node_modules', '.bin'), path.dirname(process.execPath), env.PATH].filter(Boolean).join(path.delimiter);
  return { ...env, ...extra, PATH };
}

/** Runs a command with this terminal's stdin, stdout and stderr; resolves with its exit code. */
export function runInherit(command: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; stdout?: 'inherit' | 'stderr' }): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: opts.cwd, env: opts.env, stdio: ['inherit', opts.stdout === 'stderr' ? process.stderr : 'inherit', 'inherit'] });
    child.on('error', (err) => {
      process.stderr.write(`knower: could not run ${command}: ${err.message}\n`);
      resolve(127);
    });
    child.on('close', (code, signal) => resolve(code ?? 128 + (signal ? osConstants.signals[signal] : 0)));
  });
}

/** True when the command exits 0 within the time limit (a missing command is false). */
export function succeeds(command: string, args: string[], timeoutMs: number, env?: NodeJS.ProcessEnv): boolean {
  const result = spawnSync(command, args, { stdio: 'ignore', timeout: timeoutMs, env });
  return result.status === 0;
}

/** True when an executable of that name is in one of PATH's folders. */
export function onPath(command: string, env: NodeJS.ProcessEnv): boolean {
  return (env.PATH ?? '').split(path.delimiter).some((dir) => {
    try {
      accessSync(path.join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}
