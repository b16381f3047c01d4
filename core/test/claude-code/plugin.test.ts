// The plugin as the real Claude Code CLI (@anthropic-ai/claude-code) sees it: validated, and
// installed by `knower claude install`. Offline: HOME is a scratch folder, the marketplace local.
import { spawn } from 'node:child_process';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../helpers/temp-dir.js';
import { pluginRoot } from './hook-runner.js';
import { childOutput } from '../helpers/child-output.js';
import { startTestApp } from '../helpers/test-app.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const binDir = path.join(repoRoot, 'node_modules', '.bin');
const claudeBin = path.join(binDir, 'claude');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

let scratch: { dir: string; cleanup: () => Promise<void> };

beforeAll(async () => {
  scratch = await makeTempDir('knower-claude-');
});
afterAll(() => scratch.cleanup());

/** Claude Code and `knower` with a home of their own: nothing of the developer's Claude setup is read or changed. */
function run(command: string, args: string[], opts: { home: string; path?: string; env?: Record<string, string>; cwd?: string }): Promise<Run> {
  const env = {
    PATH: opts.path ?? `${binDir}:/usr/bin:/bin`,
    HOME: opts.home,
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    KNOWER_ENV_FILE: path.join(opts.home, 'no-such.env'),
    KNOWER_RUN_DIR: path.join(opts.home, 'run'),
    KNOWER_STATE_DIR: path.join(opts.home, 'state'),
    ...opts.env,
  };
  return childOutput(spawn(command, args, { env, cwd: opts.cwd ?? opts.home, stdio: ['ignore', 'pipe', 'pipe'] }));
}

const home = async (name: string) => {
  const dir = path.join(scratch.dir, name);
  await mkdir(dir, { recursive: true });
  return dir;
};

describe('claude plugin validate', () => {
  it('passes on the plugin and on its marketplace, warnings counted as errors', async () => {
    const h = await home('validate');
    for (const manifest of ['plugin.json', 'marketplace.json']) {
      const result = await run(claudeBin, ['plugin', 'validate', '--strict', path.join(pluginRoot, '.claude-plugin', manifest)], { home: h });
      expect(result.code, `${manifest}: ${result.stdout}${result.stderr}`).toBe(0);
      expect(result.stdout).toContain('Validation passed');
    }
  });

  it('fails on a copy whose hooks.json names an event Claude Code does not have (the check is real)', async () => {
    const h = await home('validate-broken');
    const copy = path.join(h, 'plugin');
    await cp(pluginRoot, copy, { recursive: true });
    const hooksFile = path.join(copy, 'hooks', 'hooks.json');
    await writeFile(hooksFile, (await readFile(hooksFile, 'utf8')).replace('"SessionEnd"', '"SessionFinish"'));
    const result = await run(claudeBin, ['plugin', 'validate', '--strict', path.join(copy, '.claude-plugin', 'plugin.json')], { home: h });
    expect(result.code).toBe(1);
    expect(result.stdout + result.stderr).toContain('SessionFinish');
  });
});

describe('knower claude install', () => {
  it('installs the plugin through the claude CLI, and again after an update of the checkout', async () => {
    const h = await home('install');
    for (let i = 0; i < 2; i++) {
      const installed = await run(path.join(repoRoot, 'knower'), ['claude', 'install'], { home: h });
      expect(installed.code, installed.stderr).toBe(0);
      expect(installed.stdout).toContain('Installed the Claude Code plugin knower@knower (scope user)');
    }
    const listed = await run(claudeBin, ['plugin', 'list', '--json'], { home: h });
    const plugins = JSON.parse(listed.stdout) as Array<{ id: string; enabled: boolean; installPath: string; mcpServers?: Record<string, { url: string; headers: Record<string, string> }> }>;
    expect(plugins.map((p) => [p.id, p.enabled])).toEqual([['knower@knower', true]]);
    const plugin = plugins[0]!;
    expect(plugin.mcpServers?.knower?.url).toBe('${KNOWER_URL:-http://127.0.0.1:8000}/mcp?project=${KNOWER_PROJECT:-}&cwd=${PWD:-}');
    expect(plugin.mcpServers?.knower?.headers.Authorization).toBe('Bearer ${KNOWER_TOKEN:-}');
    // Claude Code runs its own copy of the hooks: the checkout's, as they are now.
    for (const file of ['hooks/hooks.json', 'hooks/vendor/session-start.cjs', 'hooks/vendor/capture.cjs', 'hooks/send-captures.mjs', 'hooks/lib/spool.mjs']) {
      expect(await readFile(path.join(plugin.installPath, file), 'utf8'), file).toBe(await readFile(path.join(pluginRoot, file), 'utf8'));
    }
  }, 180_000); // ten runs of the claude CLI, a second or two each, longer on a busy machine

  it('registers only the MCP server with --mcp-only, the token left for Claude Code to expand', async () => {
    const h = await home('mcp-only');
    const done = await run(path.join(repoRoot, 'knower'), ['claude', 'install', '--mcp-only'], { home: h, env: { PORT: '18431', KNOWER_TOKEN: 'secret-token-never-written' } });
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain("Registered Knower's MCP server (http://127.0.0.1:18431/mcp)");
    expect(done.stdout).toContain('export KNOWER_TOKEN=');
    const config = await readFile(path.join(h, '.claude.json'), 'utf8');
    expect(config).toContain('"url": "http://127.0.0.1:18431/mcp?project=${KNOWER_PROJECT:-}&cwd=${PWD:-}"');
    expect(config).toContain('"Authorization": "Bearer ${KNOWER_TOKEN:-}"');
    expect(config).not.toContain('secret-token-never-written');
  });

  it('prints the commands to run by hand when claude is not on PATH', async () => {
    const h = await home('no-claude');
    const result = await run(path.join(repoRoot, 'knower'), ['claude', 'install'], { home: h, path: '/usr/bin:/bin' });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("Claude Code's CLI (claude) is not on PATH. To install by hand, run:");
    expect(result.stdout).toContain(`  claude plugin marketplace add ${pluginRoot} --scope user\n  claude plugin install knower@knower --scope user\n`);
    expect(result.stderr).toContain('knower: claude not found');
  });

  it('refuses what it does not know', async () => {
    const h = await home('usage');
    const bad = await run(path.join(repoRoot, 'knower'), ['claude', 'uninstal'], { home: h });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("unknown action 'uninstal' (install, uninstall or doctor)");
    const scope = await run(path.join(repoRoot, 'knower'), ['claude', 'install', '--scope', 'global'], { home: h });
    expect(scope.code).toBe(2);
    expect(scope.stderr).toContain('--scope takes user, project or local');
  });
});

describe('knower claude uninstall', () => {
  const knower = path.join(repoRoot, 'knower');
  const claudeList = async (h: string, what: string[]) => JSON.parse((await run(claudeBin, [...what, '--json'], { home: h })).stdout) as Array<{ id?: string; name?: string }>;

  it('removes the plugin and its marketplace, and keeps captures not yet delivered', async () => {
    const h = await home('uninstall');
    expect((await run(knower, ['claude', 'install'], { home: h })).code).toBe(0);
    // A capture the hooks spooled and Knower has not accepted yet.
    const spool = path.join(h, '.claude', 'plugins', 'data', 'knower-knower', 'spool');
    await mkdir(spool, { recursive: true });
    await writeFile(path.join(spool, 'session.000001.json'), '{"key":"k","session":"s","n":1}');
    const removed = await run(knower, ['claude', 'uninstall'], { home: h });
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toContain('Removed the plugin knower@knower (scope user).');
    expect(removed.stdout).toContain(`Removed the marketplace knower (${pluginRoot}).`);
    expect(removed.stdout).toContain('1 capture not yet delivered to Knower');
    expect(await claudeList(h, ['plugin', 'list'])).toEqual([]);
    expect((await claudeList(h, ['plugin', 'marketplace', 'list'])).map((m) => m.name)).not.toContain('knower');
    expect(await readFile(path.join(spool, 'session.000001.json'), 'utf8')).toContain('"key":"k"');
    const again = await run(knower, ['claude', 'uninstall'], { home: h });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Nothing of Knower is installed in Claude Code.');
  }, 180_000);

  it('keeps the plugin and a server by hand apart: one of them, never both', async () => {
    const h = await home('both');
    expect((await run(knower, ['claude', 'install'], { home: h })).code).toBe(0);
    const refused = await run(knower, ['claude', 'install', '--mcp-only'], { home: h });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('would list every tool twice');
    // Added by hand anyway: the doctor says so, and uninstall --mcp-only takes that one alone.
    expect((await run(claudeBin, ['mcp', 'add', '--transport', 'http', '--scope', 'user', 'knower', 'http://127.0.0.1:9/mcp'], { home: h })).code).toBe(0);
    const doctor = await run(knower, ['claude', 'doctor'], { home: h, env: { KNOWER_URL: 'http://127.0.0.1:9' } });
    expect(doctor.code).toBe(1);
    expect(doctor.stdout).toMatch(/fix +MCP server +the plugin's, and one named knower by hand \(User config.*\): every tool is listed twice/);
    expect(doctor.stdout).toMatch(/fix +Knower +nothing answers at http:\/\/127\.0\.0\.1:9 \(KNOWER_URL\)/);
    const removed = await run(knower, ['claude', 'uninstall', '--mcp-only'], { home: h });
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toContain('Removed the MCP server knower registered by hand (User config');
    expect((await run(claudeBin, ['mcp', 'get', 'knower'], { home: h })).code).not.toBe(0);
    expect((await claudeList(h, ['plugin', 'list'])).map((p) => p.id)).toEqual(['knower@knower']);
  }, 180_000);
});

describe('knower claude doctor', () => {
  it('checks the plugin, the service, the token and the project of the folder claude starts in', async () => {
    const h = await home('doctor');
    const service = await startTestApp({
      env: { KNOWER_TOKEN: 'doctor-token-1234567890' },
      prepare: async (vault) => {
        await mkdir(path.join(vault, 'projects', 'garden-app'), { recursive: true });
        await writeFile(path.join(vault, 'projects', 'garden-app', 'state.md'), '# Garden app\n\nThe watering schedule ships next.\n');
      },
    });
    await service.knower.whenSettled();
    try {
      const address = await service.app.listen({ host: '127.0.0.1', port: 0 });
      const repo = path.join(h, 'garden-app');
      await mkdir(path.join(repo, '.git', 'refs'), { recursive: true });
      await mkdir(path.join(repo, 'src'), { recursive: true });
      expect((await run(path.join(repoRoot, 'knower'), ['claude', 'install'], { home: h })).code).toBe(0);
      const noToken = await run(path.join(repoRoot, 'knower'), ['claude', 'doctor'], { home: h, cwd: path.join(repo, 'src'), env: { KNOWER_URL: address } });
      expect(noToken.code).toBe(1);
      expect(noToken.stdout).toMatch(/ok +Plugin +knower@knower 0\.1\.0 \(scope user\), enabled, from this checkout/);
      expect(noToken.stdout).toMatch(/ok +MCP server +the plugin's/);
      expect(noToken.stdout).toMatch(/fix +Token +Knower asks for a token and KNOWER_TOKEN is not set/);
      const wrong = await run(path.join(repoRoot, 'knower'), ['claude', 'doctor'], { home: h, cwd: repo, env: { KNOWER_URL: address, KNOWER_TOKEN: 'not-the-token-0000000' } });
      expect(wrong.stdout).toMatch(/fix +Token +KNOWER_TOKEN is set but Knower refuses it/);
      const right = await run(path.join(repoRoot, 'knower'), ['claude', 'doctor'], { home: h, cwd: path.join(repo, 'src'), env: { KNOWER_URL: address, KNOWER_TOKEN: 'doctor-token-1234567890' } });
      expect(right.stdout).toMatch(/ok +Token +KNOWER_TOKEN is set and accepted/);
      expect(right.code, right.stdout).toBe(0);
      expect(right.stdout).toMatch(/ok +Token +KNOWER_TOKEN is set and accepted/);
      expect(right.stdout).toMatch(/ok +Project +this repository \(garden-app\) is projects\/garden-app\/ \(by its folder name\)/);
    } finally {
      await service.close();
    }
  }, 180_000);
});
