// `knower test` rebuilds the checkout while a service started from it runs: the service keeps
// serving (the app, MCP) from its own copy of the build, and a `knower` command in another
// shell waits for that build instead of starting a second one. Played in a scratch checkout
// (the real build, a copy of it, the real `knower` script and CLI) whose `npm` is a stand-in:
// its build deletes the build folders as the real one does, and holds them deleted until the
// test lets it finish.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, copyFile, cp, mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childOutput, type ChildOutput } from '../helpers/child-output.js';
import { freePort } from '../helpers/free-port.js';
import { waitFor } from '../helpers/temp-dir.js';
import { repoRoot } from './knower-process.js';

const BUILT = [join('core', 'dist'), join('core', 'package.json'), join('apps', 'web', 'dist')];

describe('knower test while the service runs', () => {
  let scratch: string;
  let checkout: string;
  let env: NodeJS.ProcessEnv;
  let url: string;
  const knower = (args: string[]) => childOutput(spawn(join(checkout, 'knower'), args, { env, cwd: scratch }));
  const buildsStarted = async () => (await readFile(join(scratch, 'npm-calls'), 'utf8').catch(() => '')).split('\n').filter((l) => l === 'run build').length;

  beforeAll(async () => {
    if (!existsSync(join(repoRoot, 'apps/web/dist/index.html'))) throw new Error('the build is missing: run `npm run build` (./knower test does it for you)');
    scratch = await realpath(await mkdtemp(join(tmpdir(), 'knower-rebuild-')));
    checkout = join(scratch, 'checkout');
    const pristine = join(scratch, 'pristine');
    for (const part of BUILT) {
      await cp(join(repoRoot, part), join(checkout, part), { recursive: true });
      await cp(join(repoRoot, part), join(pristine, part), { recursive: true });
    }
    await copyFile(join(repoRoot, 'knower'), join(checkout, 'knower'));
    await symlink(join(repoRoot, 'node_modules'), join(checkout, 'node_modules'));
    await writeFile(join(checkout, 'package.json'), JSON.stringify({ name: 'scratch-checkout', private: true, type: 'module', workspaces: [] }));

    const bin = join(scratch, 'bin');
    await mkdir(bin);
    const script = async (name: string, lines: string[]) => {
      await writeFile(join(bin, name), ['#!/bin/sh', ...lines, 'exit 0', ''].join('\n'));
      await chmod(join(bin, name), 0o755);
    };
    // The build deletes what it rebuilds first (core's `rm dist`, vite's emptyOutDir), then writes it anew.
    await script('npm', [
      `echo "$*" >> "${scratch}/npm-calls"`,
      'if [ "$1 $2" = "run build" ]; then',
      `  rm -rf "${join(checkout, 'core', 'dist')}" "${join(checkout, 'apps', 'web', 'dist')}"`,
      `  : > "${scratch}/building"`,
      `  while [ ! -e "${scratch}/go" ]; do sleep 0.1; done`,
      `  cp -R "${join(pristine, 'core', 'dist')}" "${join(checkout, 'core', 'dist')}"`,
      `  cp -R "${join(pristine, 'apps', 'web', 'dist')}" "${join(checkout, 'apps', 'web', 'dist')}"`,
      'fi',
    ]);
    // What `knower test` checks for before it runs anything.
    await script('shellcheck', []);
    await script('cc', []);
    await script('chromium', []);

    const port = await freePort();
    url = `http://127.0.0.1:${String(port)}`;
    env = {
      PATH: `${bin}:${process.env.PATH ?? ''}`,
      HOME: scratch,
      TMPDIR: scratch,
      CI: 'true',
      KNOWER_RUNTIME: 'native',
      KNOWER_ENV_FILE: '/dev/null',
      PORT: String(port),
      VAULT_PATH: join(scratch, 'vault'),
      KNOWER_STATE_DIR: join(scratch, 'state'),
      KNOWER_RUN_DIR: join(scratch, 'run'),
      KNOWER_EMBED_INTERVAL_S: '3600',
      KNOWER_START_TIMEOUT_S: '60',
      CHROMIUM_PATH: join(bin, 'chromium'),
    };
    const started = await knower(['start']);
    expect(started.code, started.stderr).toBe(0);
  }, 120_000);

  afterAll(async () => {
    await writeFile(join(scratch, 'go'), '');
    await knower(['stop']);
    await rm(scratch, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  });

  it('keeps serving the app and MCP during the build, and another shell waits instead of building', { timeout: 120_000 }, async () => {
    const testRun: Promise<ChildOutput> = knower(['test']);
    await waitFor(() => existsSync(join(scratch, 'building')), 60_000, 'the test run to start its build');
    expect(existsSync(join(checkout, 'core', 'dist'))).toBe(false);

    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const script = /src="(\/static\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script, html).toBeDefined();
    expect((await fetch(`${url}${script ?? ''}`)).status).toBe(200);

    const mcp = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'rebuild', version: '1' } } }),
    });
    expect(mcp.status).toBe(200);
    expect(await mcp.text()).toContain('"name":"knower"');

    // Another shell: its `knower` finds no CLI to run. It must wait for this build, not start one.
    const status = spawn(join(checkout, 'knower'), ['status'], { env, cwd: scratch });
    const statusRun = childOutput(status);
    let statusErr = '';
    status.stderr.on('data', (chunk: Buffer) => (statusErr += chunk.toString()));
    await waitFor(async () => statusErr.includes('waiting for the build in progress') || (await buildsStarted()) > 1, 60_000, 'status to wait or to build');
    expect(await buildsStarted()).toBe(1);

    await writeFile(join(scratch, 'go'), '');
    const tested = await testRun;
    expect(tested.code, tested.stdout + tested.stderr).toBe(0);
    const after = await statusRun;
    expect(after.code, after.stderr).toBe(0);
    expect(after.stdout).toContain(`Knower is running at ${url}`);
    expect(await buildsStarted()).toBe(1);
    expect((await fetch(`${url}/`)).status).toBe(200);
  });
});
