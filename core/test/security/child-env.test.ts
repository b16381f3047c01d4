import { execFileSync } from 'node:child_process';
import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { childEnvironment, loadConfig } from '../../src/config/index.js';
import { startTestApp } from '../helpers/test-app.js';
import { makeTempDir, waitFor } from '../helpers/temp-dir.js';

/** Values that must never reach a child process: each one is looked for in what children saw. */
const SECRETS = {
  ANTHROPIC_API_KEY: 'sk-ant-SECRET-anthropic-0d1f',
  OPENAI_API_KEY: 'sk-SECRET-openai-7c2e',
  KNOWER_TOKEN: 'SECRET-token-9a4b1e7c3d5f2a8b',
  AWS_SECRET_ACCESS_KEY: 'SECRET-aws-5e6f',
  GITHUB_TOKEN: 'ghp_SECRET-github-1a2b',
  HF_TOKEN: 'hf_SECRET-huggingface-3c4d',
};

describe('children get an allow-listed environment', () => {
  it('keeps what programs need to run and drops every other variable', () => {
    const env = childEnvironment({
      ...SECRETS,
      PATH: '/usr/bin',
      HOME: '/home/me',
      LANG: 'C.UTF-8',
      LC_ALL: 'C.UTF-8',
      CI: '1',
      XDG_CACHE_HOME: '/cache',
      QMD_EMBED_MODEL: 'hf:x/y.gguf',
      NODE_LLAMA_CPP_GPU: 'false',
      HTTPS_PROXY: 'http://proxy:3128',
      NODE_OPTIONS: '--require /tmp/evil.js',
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:9/v1',
    });
    expect(env).toEqual({
      PATH: '/usr/bin',
      HOME: '/home/me',
      LANG: 'C.UTF-8',
      LC_ALL: 'C.UTF-8',
      CI: '1',
      XDG_CACHE_HOME: '/cache',
      QMD_EMBED_MODEL: 'hf:x/y.gguf',
      NODE_LLAMA_CPP_GPU: 'false',
      HTTPS_PROXY: 'http://proxy:3128',
    });
    expect(loadConfig({ ...SECRETS, KNOWER_PROVIDER: 'anthropic' }).childEnv).not.toHaveProperty('ANTHROPIC_API_KEY');
  });

  it('the search worker and every git child run without a key or the token', { timeout: 60_000 }, async () => {
    // A git that writes down the environment it was started with, then does its job.
    const bin = await makeTempDir('knower-git-spy-');
    const seen = path.join(bin.dir, 'seen');
    await mkdir(seen);
    const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    await writeFile(path.join(bin.dir, 'git'), `#!/bin/sh\nenv > "${seen}/$$"\nexec "${realGit}" "$@"\n`);
    await chmod(path.join(bin.dir, 'git'), 0o755);

    const t = await startTestApp({
      search: 'qmd',
      env: { ...SECRETS, KNOWER_PROVIDER: 'anthropic', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9', PATH: `${bin.dir}:${process.env.PATH ?? ''}`, HOME: path.join(bin.dir, 'home') },
    });
    try {
      await t.knower.whenSettled();
      const pid = t.knower.search.status().workerPid;
      expect(pid, 'the search worker is running').toBeGreaterThan(0);
      const workerEnv = (await readFile(`/proc/${pid}/environ`, 'utf8')).split('\0');
      expect(
        workerEnv.some((line) => line.startsWith('PATH=')),
        'the environment was read',
      ).toBe(true);

      await waitFor(async () => (await readdir(seen)).length > 0, 20_000, 'git to run');
      const gitEnvs = await Promise.all((await readdir(seen)).map((name) => readFile(path.join(seen, name), 'utf8')));
      expect(gitEnvs.join('')).toContain('GIT_DIR=');

      for (const [name, value] of Object.entries(SECRETS)) {
        expect(workerEnv.join('\n'), `${name} in the search worker`).not.toContain(value);
        for (const env of gitEnvs) expect(env, `${name} in a git child`).not.toContain(value);
      }
    } finally {
      await t.close();
      await bin.cleanup();
    }
  });
});
