// The `knower` script's bootstrap: it installs the dependencies when they are missing, and an
// empty node_modules folder (an install cut short, or one a container mount left behind) is
// missing dependencies, not installed ones. It builds when the CLI is missing, unless a build
// is in progress (another shell's `knower test`): then it waits for that one.
import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { childOutput } from '../helpers/child-output.js';
import { waitFor } from '../helpers/temp-dir.js';
import { repoRoot, type Run } from './knower-process.js';

/** Runs the copy of the script in `checkout`, as a shell would. */
function runCopy(checkout: string, args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return childOutput(spawn(join(checkout, 'knower'), args, { env, cwd: checkout }));
}

const node22 = join(repoRoot, 'node_modules', '.bin', 'node');

describe('knower bootstrap', () => {
  let checkout: string;
  beforeEach(async () => {
    checkout = await realpath(await mkdtemp(join(tmpdir(), 'knower-bootstrap-')));
    await copyFile(join(repoRoot, 'knower'), join(checkout, 'knower'));
    await writeFile(join(checkout, 'package-lock.json'), '{}\n');
    // A stand-in npm: records how it was run, and "installs" what the script then looks for.
    const bin = join(checkout, 'bin');
    await mkdir(bin);
    await writeFile(
      join(bin, 'npm'),
      [
        '#!/bin/sh',
        `echo "$*" >> "${checkout}/npm-calls"`,
        `mkdir -p "${checkout}/node_modules/.bin" "${checkout}/core/dist/cli"`,
        `: > "${checkout}/node_modules/.package-lock.json"`,
        `ln -sf "${node22}" "${checkout}/node_modules/.bin/node"`,
        `echo 'console.log("cli ran")' > "${checkout}/core/dist/cli/knower.cjs"`,
      ].join('\n'),
    );
    await chmod(join(bin, 'npm'), 0o755);
  });
  afterEach(async () => {
    await rm(checkout, { recursive: true, force: true });
  });

  // Native: whether a Docker engine runs on this machine is not what these tests are about (shim-docker.test.ts).
  const env = () => ({ PATH: `${join(checkout, 'bin')}:${process.env.PATH ?? ''}`, HOME: checkout, KNOWER_RUNTIME: 'native' });

  it('installs when node_modules is only an empty folder, then runs the CLI', async () => {
    await mkdir(join(checkout, 'node_modules'));
    const result = await runCopy(checkout, ['status'], env());
    expect(result.stderr).toContain('Installing dependencies (npm ci)');
    expect(await readFile(join(checkout, 'npm-calls'), 'utf8')).toBe('ci\n');
    expect(result.stdout).toBe('cli ran\n');
  });

  it('waits for a build in progress in another process, then runs the CLI without building', async () => {
    await runCopy(checkout, ['status'], env());
    // That build has deleted core/dist, and holds the build lock (pid, then what for).
    await rm(join(checkout, 'core', 'dist'), { recursive: true });
    const lock = join(checkout, '.knower', 'build.lock');
    await mkdir(join(checkout, '.knower'));
    await writeFile(lock, `${String(process.pid)}\nbuild\n`);
    const child = spawn(join(checkout, 'knower'), ['status'], { env: env(), cwd: checkout });
    const run = childOutput(child);
    let stderr = '';
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    await waitFor(() => stderr.includes(`knower: waiting for the build in progress (pid ${String(process.pid)}) to finish…`), 10_000, 'the script to wait');
    // The build ends: its output is back and the lock released.
    await mkdir(join(checkout, 'core', 'dist', 'cli'), { recursive: true });
    await writeFile(join(checkout, 'core', 'dist', 'cli', 'knower.cjs'), 'console.log("cli ran")\n');
    await rm(lock);
    const result = await run;
    expect(result.stdout).toBe('cli ran\n');
    expect(await readFile(join(checkout, 'npm-calls'), 'utf8')).toBe('ci\n');
  });

  it('takes over the lock of a build that died, builds, and releases it', async () => {
    await runCopy(checkout, ['status'], env());
    await rm(join(checkout, 'core', 'dist'), { recursive: true });
    const gone = spawn('true');
    await new Promise((done) => gone.once('exit', done));
    const lock = join(checkout, '.knower', 'build.lock');
    await mkdir(join(checkout, '.knower'));
    await writeFile(lock, `${String(gone.pid)}\nbuild\n`);
    const result = await runCopy(checkout, ['status'], env());
    expect(result.stdout).toBe('cli ran\n');
    expect(await readFile(join(checkout, 'npm-calls'), 'utf8')).toBe('ci\nrun build\n');
    expect(existsSync(lock)).toBe(false);
  });

  it('runs an installed and built checkout with its Node and nothing else, from a symlink on PATH too', async () => {
    await runCopy(checkout, ['status'], env());
    // Stand-ins for bash and the tools it would use: none may run (a command is meant to start
    // about as fast as Node itself). readlink is real: a symlink is followed with it.
    const spies = join(checkout, 'spies');
    await mkdir(spies);
    for (const tool of ['bash', 'env', 'dirname', 'npm']) {
      await writeFile(join(spies, tool), `#!/bin/sh\necho "${tool} $*" >> "${checkout}/spied"\nexit 99\n`);
      await chmod(join(spies, tool), 0o755);
    }
    const onPath = join(checkout, 'on-path');
    await mkdir(onPath);
    await symlink(join(checkout, 'knower'), join(onPath, 'knower'));
    for (const script of [join(checkout, 'knower'), join(onPath, 'knower')]) {
      const run = await childOutput(spawn(script, ['status'], { env: { PATH: `${spies}:/usr/bin:/bin`, HOME: checkout, KNOWER_RUNTIME: 'native' }, cwd: tmpdir() }));
      expect(run.stdout, script).toBe('cli ran\n');
    }
    expect(existsSync(join(checkout, 'spied')) ? await readFile(join(checkout, 'spied'), 'utf8') : '').toBe('');
  });

  it('does not install again once an install is complete', async () => {
    await runCopy(checkout, ['status'], env());
    const again = await runCopy(checkout, ['status'], env());
    expect(again.stderr).not.toContain('Installing dependencies');
    expect(await readFile(join(checkout, 'npm-calls'), 'utf8')).toBe('ci\n');
  });
});
