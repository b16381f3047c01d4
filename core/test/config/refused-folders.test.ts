// Folders Knower must never own, as a vault or a state dir: the filesystem root, the system's
// folders, a home itself, this checkout's code. Refused at start by the service, the container's
// preflight and `knower start`, with the setting named — before anything is written, even as root.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderProblem } from '../../src/config/index.js';
import { CODE_FOLDERS, repoRoot } from '../../src/config/paths.js';
import { refusedFolder, type FolderPlaces } from '../../src/config/refused-folders.js';
import { runKnower, shellEnv } from '../cli/knower-process.js';
import { childOutput, type ChildOutput } from '../helpers/child-output.js';
import { freePort } from '../helpers/free-port.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const node22 = Number(process.versions.node.split('.')[0]) >= 22 ? process.execPath : path.join(repoRoot, 'node_modules', '.bin', 'node');
const dist = (file: string) => path.join(repoRoot, 'core', 'dist', file);

/** A built entry point run as this user (root, here: the one user the rule matters most for). */
function runEntry(script: string, env: NodeJS.ProcessEnv): Promise<ChildOutput> {
  return childOutput(spawn(node22, [script], { env, stdio: ['ignore', 'pipe', 'pipe'] }));
}

/** Whether this process may make a mount namespace of its own (root, or a kernel that lets users). */
const canUnshare = () => spawnSync('unshare', ['--mount', 'true'], { stdio: 'ignore' }).status === 0;

describe('folders Knower must never own', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  /** A scratch folder standing for the filesystem's root, with the system's folders in it. */
  let root: string;
  let places: FolderPlaces;
  const at = (p: string) => path.join(root, p);
  beforeAll(async () => {
    ({ dir, cleanup } = await makeTempDir('knower-refused-'));
    root = path.join(dir, 'root');
    for (const folder of ['etc', 'usr/lib', 'var/lib', 'var/home/alice', 'home/alice', 'root', 'srv', 'tmp', 'opt', 'run/media/alice/usb', 'proc', 'lib64']) {
      await mkdir(at(folder), { recursive: true });
    }
    await symlink(at('etc'), at('srv/notes-link'));
    await symlink(at('home/alice'), at('srv/home-link'));
    places = { root, home: at('home/alice'), checkout: repoRoot };
  });
  afterAll(() => cleanup());

  it('refuses the root, system folders (through symlinks too), homes and shared folders, naming the setting', () => {
    const refused = (p: string) => folderProblem('VAULT_PATH', at(p), places)?.message;
    expect(refused('')).toMatch(/^is the filesystem root: /);
    expect(refused('etc')).toBe("is /etc, a system folder: Knower must never write, index or serve the system's own files; choose a folder of your own, such as ~/notes");
    expect(refused('etc/knower/vault')).toMatch(/^is inside \/etc, a system folder: /);
    expect(refused('srv/notes-link')).toBe(
      `leads to ${at('etc')} (symlinks resolved), which is /etc, a system folder: Knower must never write, index or serve the system's own files; choose a folder of your own, such as ~/notes`,
    );
    for (const system of ['usr/lib', 'var/lib/knower', 'var', 'proc', 'lib64', 'run/user/0', 'boot/notes', 'dev/shm/v', 'sys', 'sbin', 'bin']) {
      expect(refused(system), system).toMatch(/, a system folder: /);
    }
    expect(refused('home/alice')).toBe(
      `is the home folder ${at('home/alice')} itself: Knower would write its files among yours and index and serve all of them; choose a folder inside it, such as ${at('home/alice/notes')}`,
    );
    expect(refused('srv/home-link')).toMatch(/^leads to .*\/home\/alice \(symlinks resolved\), which is the home folder /);
    for (const home of ['root', 'var/home/alice', 'home/bob']) expect(refused(home), home).toMatch(/^is the home folder /);
    for (const shared of ['home', 'tmp', 'var/home', 'var/tmp']) expect(refused(shared), shared).toMatch(/, a folder holding everyone's folders: /);
    expect(folderProblem('KNOWER_STATE_DIR', at('usr/lib/knower'), places)).toMatchObject({ key: 'KNOWER_STATE_DIR', value: at('usr/lib/knower') });
  });

  it("accepts folders of people's own: /srv, /opt, /mnt, /media, temp folders, inside homes, the container's mounts", () => {
    const fine = [
      'tmp/x/vault',
      'srv/notes',
      'srv',
      'opt',
      'opt/knower/state',
      'mnt',
      'mnt/disk/vault',
      'media/usb/notes',
      'home/alice/vault',
      'root/notes',
      'var/home/alice/notes',
      'var/tmp/x/vault',
      'run/media/alice/usb/vault',
      'vault',
      'state',
      'data',
    ];
    for (const p of fine) expect(refusedFolder(at(p), places), p).toBeUndefined();
  });

  it('on this machine: /, /etc, /usr/lib, /var/lib, $HOME and /root refused; /srv/notes, /tmp/x/vault, /var/home/a/notes accepted', () => {
    for (const p of ['/', '/etc', '/etc/knower', '/usr/lib/knower', '/var/lib/knower', os.homedir(), '/root', '/home']) expect(refusedFolder(p), p).toBeDefined();
    for (const p of ['/srv/notes', '/tmp/x/vault', '/opt/knower', '/mnt/disk/vault', '/var/home/a/notes', '/vault', '/state', '/data']) expect(refusedFolder(p), p).toBeUndefined();
  });

  it('refuses the checkout and its code, never its vault/ and .knower/', () => {
    const defaults = `the defaults are ${path.join(repoRoot, 'vault')} and ${path.join(repoRoot, '.knower')}`;
    expect(refusedFolder(repoRoot)).toBe(
      `is this Knower checkout itself: its code would be indexed and served, and Knower's files written among it; choose a folder of your own, such as ~/notes (${defaults})`,
    );
    expect(refusedFolder(path.join(repoRoot, 'core'))).toBe(`is ${path.join(repoRoot, 'core')}, part of this Knower checkout's code: choose a folder of your own, such as ~/notes (${defaults})`);
    for (const p of ['core/src', 'apps/web', 'node_modules/.cache/knower', 'docs', 'packaging']) expect(refusedFolder(path.join(repoRoot, p)), p).toMatch(/^is inside |^is /);
    for (const p of ['vault', '.knower', '.knower/run', 'my-notes']) expect(refusedFolder(path.join(repoRoot, p)), p).toBeUndefined();
  });

  it('lists every folder the repository tracks as code (all but the vault)', () => {
    const listed = spawnSync('git', ['ls-tree', '-d', '--name-only', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' });
    expect(listed.status).toBe(0);
    const tracked = listed.stdout.split('\n').filter((name) => name && name !== 'vault');
    expect(tracked.length).toBeGreaterThan(3);
    expect(tracked.filter((name) => !CODE_FOLDERS.includes(name))).toEqual([]);
  });

  it("the container's preflight, run as root: /etc, /, $HOME and the checkout refused with the setting named (exit 78); a folder of one's own passes", async () => {
    const home = path.join(dir, 'home');
    await mkdir(home, { recursive: true });
    const env = (vault: string, state = path.join(dir, 'state')) => ({ PATH: process.env.PATH, HOME: home, KNOWER_ENV_FILE: path.join(dir, 'none.env'), VAULT_PATH: vault, KNOWER_STATE_DIR: state });
    for (const vault of ['/etc', '/', home, repoRoot]) {
      const result = await runEntry(dist('preflight.js'), env(vault));
      expect(result.code, vault).toBe(78);
      expect(result.stderr, vault).toMatch(/^Invalid configuration:\n {2}VAULT_PATH="[^"]*": is /);
      expect(result.stderr, vault).toContain(`VAULT_PATH=${JSON.stringify(vault)}: `);
    }
    const state = await runEntry(dist('preflight.js'), env(path.join(dir, 'vault'), '/usr/lib/knower'));
    expect(state.code).toBe(78);
    expect(state.stderr).toBe(
      `Invalid configuration:\n  KNOWER_STATE_DIR="/usr/lib/knower": is inside /usr, a system folder: Knower must never write, index or serve the system's own files; choose a folder of your own, such as ~/notes\n`,
    );
    expect(await runEntry(dist('preflight.js'), env(path.join(dir, 'x', 'vault')))).toMatchObject({ code: 0, stderr: '' });
  });

  it('knower start refuses / with the setting named, exit 1, and starts nothing', async () => {
    const port = await freePort();
    const runDir = path.join(dir, 'run');
    // The state dir is a file too: a `knower` without the rule refuses as well, for that, and
    // never starts a service on / (this test must be safe to run against any version).
    const stateFile = path.join(dir, 'state-file');
    await writeFile(stateFile, 'not a folder\n');
    const env = shellEnv(dir, { PORT: String(port), KNOWER_RUN_DIR: runDir, KNOWER_STATE_DIR: stateFile, VAULT_PATH: '/' });
    const result = await runKnower(['start'], env, dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^knower: KNOWER_STATE_DIR is a file, not a folder: .*\nknower: VAULT_PATH is the filesystem root: Knower would write its files there and index and serve the whole machine; choose a folder of your own, such as ~\/notes \(got '\/'\)\n$/,
    );
    expect(existsSync(runDir)).toBe(false);
  });

  it('the service started as root on /etc, in a mount namespace of its own over an empty /etc: exit 78, nothing written there', { timeout: 60_000 }, async () => {
    if (!canUnshare()) {
      // No namespace to be had here (not root, user namespaces off): the rule the service applies is asserted instead.
      expect(folderProblem('VAULT_PATH', at('etc'), places)?.message).toMatch(/^is \/etc, a system folder: /);
      return;
    }
    const stateLink = path.join(dir, 'state-link');
    await symlink('/etc', stateLink);
    const err = path.join(dir, 'service.err');
    // Inside the namespace /etc is a fresh tmpfs: whatever the service would write lands there, never in the real /etc.
    const script = 'mount -t tmpfs tmpfs /etc || exit 90; timeout -s KILL 20 "$0" "$1" >/dev/null 2>"$2"; echo "exit $?"; ls -A /etc';
    const env = { PATH: process.env.PATH, HOME: dir, KNOWER_ENV_FILE: path.join(dir, 'none.env'), PORT: String(await freePort()), VAULT_PATH: '/etc', KNOWER_STATE_DIR: stateLink };
    const run = await childOutput(spawn('unshare', ['--mount', '--propagation', 'private', 'sh', '-c', script, node22, dist('main.js'), err], { env }));
    expect(run.stdout).toBe('exit 78\n');
    expect(await readFile(err, 'utf8')).toBe(
      'Invalid configuration:\n' +
        `  VAULT_PATH="/etc": is /etc, a system folder: Knower must never write, index or serve the system's own files; choose a folder of your own, such as ~/notes\n` +
        `  KNOWER_STATE_DIR=${JSON.stringify(stateLink)}: leads to /etc (symlinks resolved), which is /etc, a system folder: Knower must never write, index or serve the system's own files; choose a folder of your own, such as ~/notes\n`,
    );
  });
});
