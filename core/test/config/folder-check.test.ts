// A vault or state folder Knower cannot use is named, with what to do, before anything starts:
// by the service (started directly, or by the container's start script) and by `knower`.
import { spawn } from 'node:child_process';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderProblems } from '../../src/config/index.js';
import { repoRoot } from '../../src/config/paths.js';
import { runKnower, shellEnv } from '../cli/knower-process.js';
import { freePort } from '../helpers/free-port.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const node22 = Number(process.versions.node.split('.')[0]) >= 22 ? process.execPath : path.join(repoRoot, 'node_modules', '.bin', 'node');
const dist = (file: string) => path.join(repoRoot, 'core', 'dist', file);

/** Runs a built entry point as an ordinary user (as a container's uid 1000 would be): root may write anywhere. */
function runAsUser(script: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
  const asRoot = process.getuid?.() === 0;
  const [command, ...args] = asRoot ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', node22, script] : [node22, script];
  return new Promise((resolve, reject) => {
    const child = spawn(command ?? node22, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('folder settings Knower cannot use', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let file: string;
  let locked: string;
  beforeAll(async () => {
    ({ dir, cleanup } = await makeTempDir('knower-folders-'));
    // The scratch folder itself must be writable by the ordinary user the service runs as.
    await chmod(dir, 0o777);
    file = path.join(dir, 'a-file');
    await writeFile(file, 'not a folder\n');
    locked = path.join(dir, 'locked');
    await mkdir(locked, { mode: 0o555 });
    await chmod(locked, 0o555);
  });
  afterAll(async () => {
    await chmod(locked, 0o755);
    await cleanup();
  });

  it('names a file, a path under a file, and a usable folder as fine', () => {
    const problems = folderProblems({ vaultPath: path.join(file, 'vault'), stateDir: file });
    expect(problems).toEqual([
      { key: 'VAULT_PATH', value: path.join(file, 'vault'), message: `is inside ${file}, which is a file: point it at a folder` },
      { key: 'KNOWER_STATE_DIR', value: file, message: 'is a file, not a folder: point it at a folder (it is created if missing)' },
    ]);
    expect(folderProblems({ vaultPath: path.join(dir, 'new', 'vault'), stateDir: dir })).toEqual([]);
  });

  it('the service started directly: exit 78 with the setting named, no stack trace', async () => {
    const port = await freePort();
    const env = { PATH: process.env.PATH, HOME: dir, KNOWER_ENV_FILE: path.join(dir, 'none.env'), PORT: String(port), VAULT_PATH: path.join(dir, 'vault'), KNOWER_STATE_DIR: file };
    const result = await runAsUser(dist('main.js'), env);
    expect(result.code).toBe(78);
    expect(result.stderr).toBe(`Invalid configuration:\n  KNOWER_STATE_DIR=${JSON.stringify(file)}: is a file, not a folder: point it at a folder (it is created if missing)\n`);
  });

  it('a vault the service user cannot write: the preflight check says whose it is and what to do', async () => {
    const env = { PATH: process.env.PATH, HOME: dir, KNOWER_ENV_FILE: path.join(dir, 'none.env'), VAULT_PATH: locked, KNOWER_STATE_DIR: path.join(dir, 'state') };
    const result = await runAsUser(dist('preflight.js'), env);
    expect(result.code).toBe(77); // EX_NOPERM: the container's start script waits this out
    expect(result.stderr).toMatch(
      /^Invalid configuration:\n {2}VAULT_PATH=".*\/locked": the folder is not writable by uid \d+, the user Knower runs as \(it is owned by uid \d+\): give that user write access \(chown or chmod\), or choose another folder\n$/,
    );
    const fine = await runAsUser(dist('preflight.js'), { ...env, VAULT_PATH: path.join(dir, 'vault') });
    expect(fine).toEqual({ code: 0, stderr: '' });
  });

  it('knower start names the setting, exit 1, and starts nothing', async () => {
    const port = await freePort();
    const env = shellEnv(dir, { PORT: String(port), KNOWER_RUN_DIR: path.join(dir, 'run'), KNOWER_STATE_DIR: path.join(dir, 'state'), VAULT_PATH: path.join(file, 'vault') });
    const result = await runKnower(['start'], env, dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`knower: VAULT_PATH is inside ${file}, which is a file: point it at a folder (got '${path.join(file, 'vault')}')\n`);
    const state = await runKnower(['start'], { ...env, VAULT_PATH: path.join(dir, 'vault'), KNOWER_STATE_DIR: file }, dir);
    expect(state.code).toBe(1);
    expect(state.stderr).toContain(`knower: KNOWER_STATE_DIR is a file, not a folder`);
  });
});
