// A note in a 0700 vault stays unreadable to other users of the machine: nothing Knower keeps of
// it (history, update and question records, the search index, the log, the run records) is
// readable by them. The real service, started by `knower start` as a person would, as root here;
// then user nobody tries to read every file Knower keeps.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, lstat, mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localUsersHint } from '../../src/cli/service/local-users.js';
import { loadConfig } from '../../src/config/index.js';
import { repoRoot } from '../../src/config/paths.js';
import { createKnower } from '../../src/knower.js';
import { silentLogger, type Logger } from '../../src/logger.js';
import { createFakeSearchEngine } from '../fakes/fake-search-engine.js';
import { runKnower, shellEnv } from '../cli/knower-process.js';
import { childOutput, type ChildOutput } from '../helpers/child-output.js';
import { freePort } from '../helpers/free-port.js';
import { makeTempDir, waitFor } from '../helpers/temp-dir.js';

const node22 = Number(process.versions.node.split('.')[0]) >= 22 ? process.execPath : path.join(repoRoot, 'node_modules', '.bin', 'node');
const SECRET = 'The safe code is 4242.';

/** Every file and folder under `dir` (symlinks not followed), with its mode. */
async function walk(dir: string): Promise<Array<{ path: string; mode: number; folder: boolean }>> {
  const found: Array<{ path: string; mode: number; folder: boolean }> = [];
  for (const name of await readdir(dir)) {
    const p = path.join(dir, name);
    const s = await lstat(p);
    if (s.isSymbolicLink()) continue;
    found.push({ path: p, mode: s.mode & 0o7777, folder: s.isDirectory() });
    if (s.isDirectory()) found.push(...(await walk(p)));
  }
  return found;
}

/** Runs a command as user nobody (uid/gid 65534, no groups): another local account. */
function asNobody(args: string[], input = ''): Promise<ChildOutput> {
  const child = spawn('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', ...args], { cwd: '/', env: { PATH: process.env.PATH } });
  const output = childOutput(child);
  child.stdin.end(input);
  return output;
}

/** Read by nobody: each path in the list that it could open and read (a folder: list). */
const READER = `const fs = require('node:fs'); let text = '';
process.stdin.on('data', (c) => (text += c)).on('end', () => {
  const read = JSON.parse(text).filter((p) => { try { fs.statSync(p).isDirectory() ? fs.readdirSync(p) : fs.readFileSync(p); return true; } catch { return false; } });
  process.stdout.write(JSON.stringify(read));
});`;

describe('what Knower keeps of a 0700 vault, as another user of the machine sees it', () => {
  let scratch: string;
  let cleanup: () => Promise<void>;
  let env: NodeJS.ProcessEnv;
  let vault: string;
  let stateDir: string;
  let runDir: string;
  let filed = '';
  let startOutput = '';

  beforeAll(async () => {
    ({ dir: scratch, cleanup } = await makeTempDir('knower-private-'));
    // Others may pass through to the folders (as through a 0755 home): only the folders' own modes keep them out.
    await chmod(scratch, 0o755);
    vault = path.join(scratch, 'vault');
    stateDir = path.join(scratch, 'state');
    runDir = path.join(scratch, 'run');
    await mkdir(path.join(vault, 'projects', 'atlas'), { recursive: true });
    await chmod(vault, 0o700);
    await writeFile(path.join(vault, 'projects', 'atlas', 'state.md'), `# Atlas\n\n${SECRET}\n`);
    env = shellEnv(scratch, {
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      KNOWER_STATE_DIR: stateDir,
      KNOWER_RUN_DIR: runDir,
      VAULT_PATH: vault,
      KNOWER_START_TIMEOUT_S: '60',
      KNOWER_EMBED_INTERVAL_S: '3600',
      CI: 'true',
    });
    const started = await runKnower(['start'], env, scratch);
    expect(started.code, started.stderr).toBe(0);
    startOutput = started.stdout;
    // An update (its record, its journal, its commit) and a question (its record) of the secret.
    const sent = await runKnower(['add', `Told Ana: ${SECRET}`, '--wait', '--timeout', '60'], env, scratch);
    expect(sent.code, sent.stderr).toBe(0);
    filed = /(bucket\/[^,\s]+\.md)/.exec(sent.stdout)?.[1] ?? '';
    const asked = await runKnower(['ask', 'what is the safe code?'], env, scratch);
    expect(asked.code, asked.stderr).toBe(0);
    // The hand-made note is in the history once the first snapshot is committed.
    await waitFor(async () => (await runKnower(['history', '--all', '--json'], env, scratch)).stdout.includes('projects/atlas/state.md'), 30_000, 'the note in the history');
  }, 180_000);

  afterAll(async () => {
    await runKnower(['stop'], env, scratch);
    await cleanup();
  });

  it('keeps every file and folder of its state and run folders to its own user (no group or other bits)', async () => {
    const kept = [...(await walk(stateDir)), ...(await walk(runDir))];
    const names = kept.map((k) => path.relative(scratch, k.path));
    // What the issue names: history objects, update records, the index, the log, the run records, the pid.
    for (const expected of ['state/core.log', 'state/core.pid', 'state/history/repo.git/HEAD', 'state/search/index.sqlite', `run/service-${env.PORT ?? ''}.json`]) {
      expect(names).toContain(expected);
    }
    expect(names.some((n) => n.startsWith('state/history/repo.git/objects/'))).toBe(true);
    expect(names.some((n) => n.startsWith('state/updates/'))).toBe(true);
    expect(names.some((n) => n.startsWith('state/questions/'))).toBe(true);
    expect((await lstat(stateDir)).mode & 0o777).toBe(0o700);
    expect((await lstat(runDir)).mode & 0o777).toBe(0o700);
    expect(kept.filter((k) => (k.mode & 0o077) !== 0).map((k) => `${path.relative(scratch, k.path)} ${k.mode.toString(8)}`)).toEqual([]);
  });

  it('gives user nobody nothing to read: no file, no folder, not the note through the history', async () => {
    if (process.getuid?.() !== 0) {
      // Only root can become another user: the modes above are then what keeps others out, checked for reading.
      const kept = [...(await walk(stateDir)), ...(await walk(runDir))];
      expect(kept.filter((k) => (k.mode & 0o044) !== 0)).toEqual([]);
      return;
    }
    const kept = [stateDir, runDir, ...(await walk(stateDir)), ...(await walk(runDir))].map((k) => (typeof k === 'string' ? k : k.path));
    expect(kept.length).toBeGreaterThan(20);
    const reader = await asNobody([node22, '-e', READER], JSON.stringify(kept));
    expect(reader.code, reader.stderr).toBe(0);
    expect(JSON.parse(reader.stdout)).toEqual([]);
    // The issue's own reproduction: git show as another user (its safe.directory check waived, as theirs would be).
    const shown = await asNobody(['git', '-c', 'safe.directory=*', `--git-dir=${path.join(stateDir, 'history', 'repo.git')}`, 'show', 'HEAD:projects/atlas/state.md']);
    expect(shown.code).not.toBe(0);
    expect(shown.stdout).not.toContain('4242');
  });

  it('makes its notes in the 0700 vault 0600, as the vault implies', async () => {
    expect(filed).not.toBe('');
    expect(existsSync(path.join(vault, filed))).toBe(true);
    expect((await lstat(path.join(vault, filed))).mode & 0o777).toBe(0o600);
    for (const folder of ['inbox', 'bucket']) expect((await lstat(path.join(vault, folder))).mode & 0o777).toBe(0o700);
  });

  it('says on start, without a token, which other accounts of this machine can use the service', () => {
    const url = `http://127.0.0.1:${env.PORT ?? ''}`;
    const hint = localUsersHint(url, false);
    // This machine's accounts decide whether there is anything to say: the line is exactly the hint, or absent.
    if (hint) expect(startOutput.split('\n')).toContain(hint);
    else expect(startOutput).not.toContain('Other accounts on this machine');
  });
});

describe('a state folder found open to other users', () => {
  it('is made private at start (0700), and that is said once in the log', async () => {
    const { dir, cleanup } = await makeTempDir('knower-open-state-');
    try {
      const vault = path.join(dir, 'vault');
      const stateDir = path.join(dir, 'state');
      await mkdir(stateDir, { mode: 0o755 });
      await chmod(stateDir, 0o755);
      const warnings: string[] = [];
      const log: Logger = { ...silentLogger, warn: (...args: unknown[]) => void warnings.push(String(args.find((a) => typeof a === 'string'))) };
      const config = loadConfig({ VAULT_PATH: vault, KNOWER_STATE_DIR: stateDir, KNOWER_EMBED_INTERVAL_S: '0', KNOWER_LOG_LEVEL: 'silent' }, dir);
      for (let start = 0; start < 2; start++) {
        const knower = await createKnower({ config, search: createFakeSearchEngine(vault) }, log);
        await knower.close();
        expect((await lstat(stateDir)).mode & 0o777).toBe(0o700);
      }
      expect(warnings.filter((w) => w.includes('state folder'))).toEqual(['the state folder was open to other users: it is private now (0700)']);
    } finally {
      await cleanup();
    }
  });
});
