// `knower test` says up front what it needs that npm cannot install, and runs nothing without it.
import { mkdir, mkdtemp, realpath, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingPrerequisites, type MachineProbe } from '../../src/cli/test-run/prerequisites.js';
import { runKnower, shellEnv } from './knower-process.js';

const machine = (tools: string[], files: string[]): MachineProbe => ({
  runs: (command) => tools.includes(command),
  executable: (file) => files.includes(file),
});

describe('knower test: prerequisites', () => {
  it('asks for nothing when shellcheck and a C compiler run and Chromium is where the suite looks', () => {
    expect(missingPrerequisites({}, machine(['shellcheck', 'cc'], ['/usr/bin/chromium']))).toEqual([]);
    expect(missingPrerequisites({ CHROMIUM_PATH: '/opt/chrome/chrome' }, machine(['shellcheck', 'cc'], ['/opt/chrome/chrome']))).toEqual([]);
  });

  it('names each missing tool with the command that installs it', () => {
    const missing = missingPrerequisites({}, machine([], []));
    expect(missing).toHaveLength(3);
    expect(missing[0]).toMatch(/^shellcheck .*apt-get install shellcheck.*brew install shellcheck/);
    expect(missing[1]).toMatch(/^a C compiler, `cc` .*apt-get install gcc.*xcode-select --install/);
    expect(missing[2]).toMatch(/^Chromium for the end-to-end tests \(no Chromium at \/usr\/bin\/chromium\): .*apt-get install chromium.*CHROMIUM_PATH/);
  });

  it('says which CHROMIUM_PATH does not work', () => {
    const missing = missingPrerequisites({ CHROMIUM_PATH: '/nowhere/chrome' }, machine(['shellcheck', 'cc'], ['/usr/bin/chromium']));
    expect(missing).toEqual([expect.stringContaining('CHROMIUM_PATH=/nowhere/chrome is not an executable file')]);
  });
});

describe('knower test on a machine without shellcheck, a C compiler or Chromium', () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await realpath(await mkdtemp(join(tmpdir(), 'knower-prereq-')));
    // A PATH with what the `knower` script itself uses, and nothing else.
    const bin = join(scratch, 'bin');
    await mkdir(bin);
    for (const tool of ['bash', 'dirname', 'readlink']) await symlink(`/usr/bin/${tool}`, join(bin, tool));
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('stops before building, with exit 1 and how to install each', async () => {
    const env = { ...shellEnv(scratch), PATH: join(scratch, 'bin'), CHROMIUM_PATH: join(scratch, 'no-chromium') };
    const result = await runKnower(['test'], env, scratch);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('knower: the tests need what npm cannot install; missing:');
    expect(result.stderr).toContain('apt-get install shellcheck');
    expect(result.stderr).toContain('apt-get install gcc');
    expect(result.stderr).toContain(`CHROMIUM_PATH=${join(scratch, 'no-chromium')} is not an executable file`);
    expect(result.stderr).toContain('Nothing was run.');
  });
});
