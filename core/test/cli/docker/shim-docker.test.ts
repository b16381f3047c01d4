// The `knower` script in a checkout with nothing installed: where a Docker engine answers it goes
// straight to it (no npm ci, no build on this machine); otherwise it installs and runs natively,
// saying why. The engine is a stand-in `docker` command, as the bootstrap test's npm is.
import { spawn } from 'node:child_process';
import { chmod, copyFile, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { childOutput, type ChildOutput } from '../../helpers/child-output.js';
import { makeTempDir } from '../../helpers/temp-dir.js';
import { repoRoot } from '../knower-process.js';

/**
 * A docker command as a machine has it: `version` answers (an engine) or fails (none) or hangs
 * (a stuck socket), `compose` is the plugin; the core container waits on a folder it cannot
 * write, as its start script does. Every call is recorded.
 */
function standInDocker(checkout: string): string {
  return `#!/bin/sh
echo "$*" >> "${checkout}/docker-calls"
case "$1" in
  version)
    case "$FAKE_ENGINE" in
      none) echo "Cannot connect to the Docker daemon at unix:///var/run/docker.sock." >&2; exit 1 ;;
      hangs) exec sleep 60 ;;
    esac
    echo 20.10.24 ;;
  compose)
    case "$*" in
      "compose version") echo "Docker Compose version v2.24.0" ;;
      *"ps -q core") echo c0ffee ;;
    esac ;;
  inspect) echo "running false 2026-11-27T21:00:00.5Z" ;;
  logs)
    echo '{"level":30,"msg":"an earlier line"}'
    echo 'Invalid configuration:' >&2
    echo '  VAULT_PATH="/vault": the folder is not writable by uid 1000, the user Knower runs as (it is owned by uid 0)' >&2
    echo 'Knower waits for this to be fixed, and starts by itself once it is (checked every 5 s).' >&2 ;;
esac
exit 0
`;
}

describe('./knower with nothing installed', () => {
  let checkout: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    ({ dir: checkout, cleanup } = await makeTempDir('knower-shim-docker-'));
    await copyFile(join(repoRoot, 'knower'), join(checkout, 'knower'));
    await writeFile(join(checkout, 'package-lock.json'), '{}\n');
    await mkdir(join(checkout, 'vault'));
    await writeFile(join(checkout, 'vault', '.gitkeep'), '');
    const bin = join(checkout, 'bin');
    await mkdir(bin);
    await writeFile(join(bin, 'docker'), standInDocker(checkout));
    // npm "installs" nothing the script could run: only whether it was called matters here.
    await writeFile(join(bin, 'npm'), `#!/bin/sh\necho "$*" >> "${checkout}/npm-calls"\nexit 1\n`);
    await chmod(join(bin, 'docker'), 0o755);
    await chmod(join(bin, 'npm'), 0o755);
  });
  afterEach(async () => {
    await cleanup();
  });

  const run = (args: string[], engine: 'answers' | 'none' | 'hangs'): Promise<ChildOutput> =>
    childOutput(spawn(join(checkout, 'knower'), args, { cwd: checkout, env: { PATH: `${join(checkout, 'bin')}:${process.env.PATH ?? ''}`, HOME: checkout, FAKE_ENGINE: engine, PORT: '1' } }));
  const calls = async (tool: 'docker' | 'npm') => (await readFile(join(checkout, `${tool}-calls`), 'utf8').catch(() => '')).split('\n').filter(Boolean);

  it('an engine answers: stop goes to compose, and nothing is installed', async () => {
    const result = await run(['stop'], 'answers');
    expect(result).toMatchObject({ code: 0, stdout: 'Stopped the Knower containers.\n' });
    expect(await calls('docker')).toEqual(['version --format {{.Server.Version}}', 'compose version', 'compose --profile core --profile web stop']);
    expect(await calls('npm')).toEqual([]);
  });

  it('start as root: the checkout’s vault goes to uid 1000, and the container’s refusal ends the wait at once', { timeout: 30_000 }, async () => {
    const result = await run(['start'], 'answers');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Runtime: docker (a Docker engine answers, and nothing is installed here');
    expect(result.stderr).toContain('Invalid configuration:\n  VAULT_PATH="/vault": the folder is not writable by uid 1000');
    expect(result.stderr).toContain('knower: Knower cannot start in its container (its log, above)');
    expect(await calls('docker')).toContain('compose --profile core up -d');
    expect(await calls('docker')).toContain('logs --since 2026-11-27T21:00:00.5Z c0ffee');
    expect(await calls('npm')).toEqual([]);
    if (process.getuid?.() === 0) {
      expect(await stat(join(checkout, 'vault'))).toMatchObject({ uid: 1000, gid: 1000 });
      expect(result.stdout).toContain(`Vault: ${join(checkout, 'vault')}, given to uid 1000`);
    }
  });

  it('a vault holding notes that the container cannot write: refused at once with the exact chown, nothing started', async () => {
    await writeFile(join(checkout, 'vault', 'mine.md'), '# Mine\n');
    await chmod(join(checkout, 'vault'), 0o755);
    const result = await run(['start'], 'answers');
    expect(result.code).toBe(1);
    const owner = (await stat(join(checkout, 'vault'))).uid;
    const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
    expect(result.stderr).toContain(`knower: the vault folder ${join(checkout, 'vault')} (owned by uid ${String(owner)}) is not writable by uid 1000`);
    expect(result.stderr).toContain(`knower: give it to that user: ${sudo}chown -R 1000:1000 ${join(checkout, 'vault')}`);
    expect((await calls('docker')).filter((c) => c.includes(' up '))).toEqual([]);
  });

  it('no engine, or one that hangs: the native path (install first), and the reason said', { timeout: 30_000 }, async () => {
    for (const engine of ['none', 'hangs'] as const) {
      const result = await run(['stop'], engine);
      expect(result.stderr).toContain("knower: the docker command is here but no Docker engine answers ('docker version' failed or took over 5 s): running natively");
      expect(result.stderr).toContain('Installing dependencies (npm ci)');
    }
    expect(await calls('npm')).toEqual(['ci', 'ci']);
  });

  it('KNOWER_RUNTIME=native in .env: the native path, no engine asked', async () => {
    await writeFile(join(checkout, '.env'), '# mine\nKNOWER_RUNTIME="native"\n');
    const result = await run(['stop'], 'answers');
    expect(result.stderr).toContain('Installing dependencies (npm ci)');
    expect(await calls('docker')).toEqual([]);
  });
});
