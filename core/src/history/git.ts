import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

class GitError extends Error {
  override name = 'GitError';
  constructor(
    readonly args: string[],
    readonly code: number | null,
    readonly stderr: string,
  ) {
    super(`git ${args[0] ?? ''} failed (${code ?? 'killed'}): ${stderr.trim().split('\n')[0] ?? ''}`);
  }
}

export interface GitRun {
  input?: string | Buffer;
  /** Extra variables (author, committer, dates). */
  env?: Record<string, string>;
  /** Exit codes that are answers rather than failures (rev-parse --verify answers 1). */
  okCodes?: number[];
  timeoutMs?: number;
}

export interface Git {
  readonly gitDir: string;
  run(args: string[], opts?: GitRun): Promise<{ stdout: Buffer; code: number }>;
  /** A git process kept open, its pipes the caller's (a `cat-file --batch` read from many times). */
  open(args: string[]): ChildProcessWithoutNullStreams;
}

/**
 * The system `git`, pointed only at Knower's own repository: GIT_DIR and GIT_INDEX_FILE are
 * always set and every other GIT_* variable of the parent is dropped, so neither a vault that is
 * itself a repository nor the person's git configuration (hooks, signing, excludes) is ever
 * read or written. Pathspecs are literal: a note named `*.md` is that note, not a glob.
 */
export function createGit(opts: { gitDir: string; indexFile: string; env: NodeJS.ProcessEnv; binary?: string }): Git {
  const base: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(opts.env)) if (!key.startsWith('GIT_')) base[key] = value;
  Object.assign(base, {
    GIT_DIR: opts.gitDir,
    GIT_INDEX_FILE: opts.indexFile,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_LITERAL_PATHSPECS: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_OPTIONAL_LOCKS: '0',
    LC_ALL: 'C',
  });
  const binary = opts.binary ?? 'git';

  function run(args: string[], o: GitRun = {}): Promise<{ stdout: Buffer; code: number }> {
    return new Promise((resolve, reject) => {
      const child = spawn(binary, args, { cwd: opts.gitDir, env: { ...base, ...o.env }, stdio: ['pipe', 'pipe', 'pipe'] });
      const out: Buffer[] = [];
      let err = '';
      const timer = setTimeout(() => child.kill('SIGKILL'), o.timeoutMs ?? 120_000);
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.on('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        if (code === 0 || (code !== null && o.okCodes?.includes(code))) resolve({ stdout: Buffer.concat(out), code });
        else reject(new GitError(args, code, err));
      });
      // A child that died early closes stdin under us: its exit code tells the story.
      child.stdin.on('error', () => undefined);
      child.stdin.end(o.input ?? '');
    });
  }

  const open = (args: string[]) => spawn(binary, args, { cwd: opts.gitDir, env: base, stdio: ['pipe', 'pipe', 'pipe'] });

  return { gitDir: opts.gitDir, run, open };
}
