import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { flag, stringValue } from '../args.js';
import type { Context } from '../context.js';
import { EXIT, failed, isFailure, usageError, type Outcome } from '../outcome.js';
import { findTarget } from '../target.js';
import type { Verb } from './verb.js';

const PLUGIN = 'knower@knower';
const DEFAULT_URL = 'http://127.0.0.1:8000';
const SCOPES = ['user', 'project', 'local'];

export const claude: Verb = {
  name: 'claude',
  help: `Usage: knower claude install [--scope user|project|local] [--mcp-only]

Makes Knower the memory of Claude Code, through Claude Code's own CLI (claude):
  - adds this checkout's integrations/claude-code as a plugin marketplace and installs the
    knower plugin: a brief of the repository's project at every session start, what a session
    established sent to Knower before compaction and at its end, and Knower's MCP tools;
  - run again after updating Knower: the plugin is reinstalled from the checkout.
  --scope      where Claude Code records the plugin (default user: every project)
  --mcp-only   register only the MCP server (claude mcp add), without the hooks
When claude is not on PATH it prints the commands to run by hand. The plugin reads
KNOWER_URL, KNOWER_TOKEN and its other settings from the environment Claude Code runs in
(README, "Claude Code"). To remove it: claude plugin uninstall knower@knower.
`,
  options: { scope: { type: 'string' }, 'mcp-only': { type: 'boolean' } },
  takesWords: true,
  async run(args, ctx) {
    const [action, extra] = args.positionals;
    if (action !== 'install') return usageError(action === undefined ? 'say what to do: knower claude install' : `unknown action '${action}' (knower claude install)`);
    if (extra !== undefined) return usageError(`unexpected argument '${extra}'`);
    const scope = stringValue(args, 'scope') ?? 'user';
    if (!SCOPES.includes(scope)) return usageError(`--scope takes user, project or local (got '${scope}')`);
    const target = findTarget(ctx.settings, [ctx.verb, ...ctx.args]);
    if (isFailure(target)) return target;
    const plugin = path.join(ctx.settings.repoRoot, 'integrations', 'claude-code');
    const mcpOnly = flag(args, 'mcp-only');
    const steps = mcpOnly ? mcpSteps(target.url, scope) : pluginSteps(plugin, scope);
    const bin = onPath('claude', ctx.settings.childEnv.PATH);
    if (!bin) {
      ctx.out.say("Claude Code's CLI (claude) is not on PATH. To install by hand, run:");
      for (const step of steps) ctx.out.say(`  claude ${step.map(quote).join(' ')}`);
      settingsHints(ctx, target.url, mcpOnly);
      return failed('claude not found: install Claude Code (https://claude.com/claude-code), or run the commands above');
    }
    const outcome = mcpOnly ? await installMcp(ctx, bin, steps) : await installPlugin(ctx, bin, scope, steps);
    if (isFailure(outcome)) return outcome;
    settingsHints(ctx, target.url, mcpOnly);
    return EXIT.ok;
  },
};

function pluginSteps(plugin: string, scope: string): string[][] {
  return [
    ['plugin', 'marketplace', 'add', plugin, '--scope', 'user'],
    ['plugin', 'install', PLUGIN, '--scope', scope],
  ];
}

/** As the plugin's .mcp.json has it: the client's project and folder, expanded by Claude Code when it connects. */
const MCP_PATH = '/mcp?project=${KNOWER_PROJECT:-}&cwd=${PWD:-}';

/**
 * `claude mcp add`: the name and URL go before --header, which takes several values and would
 * swallow them. The token is written as ${KNOWER_TOKEN:-}, which Claude Code expands when it
 * connects: it never lands in Claude Code's settings file.
 */
function mcpSteps(url: string, scope: string): string[][] {
  return [['mcp', 'add', '--transport', 'http', '--scope', scope, 'knower', `${url}${MCP_PATH}`, '--header', 'Authorization: Bearer ${KNOWER_TOKEN:-}']];
}

async function installPlugin(ctx: Context, bin: string, scope: string, steps: string[][]): Promise<Outcome> {
  const [marketplace, install] = steps as [string[], string[]];
  const added = await claudeRun(ctx, bin, marketplace);
  if (added.code !== 0) return failed(`claude ${marketplace.join(' ')} failed:`, ...lastLines(added));
  // Claude Code keeps its own copy of a plugin and refreshes it only for a new version:
  // reinstalling takes the checkout's hooks as they are now (--keep-data keeps what was sent).
  const listed = await claudeRun(ctx, bin, ['plugin', 'list', '--json']);
  if (installedIn(listed.stdout, scope)) {
    const removed = await claudeRun(ctx, bin, ['plugin', 'uninstall', PLUGIN, '--scope', scope, '--keep-data']);
    if (removed.code !== 0) return failed(`claude plugin uninstall ${PLUGIN} failed:`, ...lastLines(removed));
  }
  const installed = await claudeRun(ctx, bin, install);
  if (installed.code !== 0) return failed(`claude ${install.join(' ')} failed:`, ...lastLines(installed));
  ctx.out.say(`Installed the Claude Code plugin ${PLUGIN} (scope ${scope}) from ${marketplace[3]}.`);
  ctx.out.say("New Claude Code sessions start with a brief of the repository's Knower project and send what they established to Knower;");
  ctx.out.say("Knower's MCP tools are listed by /mcp inside Claude Code (or `claude mcp list`).");
  return EXIT.ok;
}

async function installMcp(ctx: Context, bin: string, steps: string[][]): Promise<Outcome> {
  const [add] = steps as [string[]];
  const done = await claudeRun(ctx, bin, add);
  if (done.code !== 0) return failed(`claude ${add.slice(0, 7).join(' ')} failed:`, ...lastLines(done));
  ctx.out.say(`Registered Knower's MCP server (${(add[7] ?? '').split('?')[0] ?? ''}) with Claude Code as "knower".`);
  return EXIT.ok;
}

/** What the plugin needs from Claude Code's environment, when the defaults do not fit this service. */
function settingsHints(ctx: Context, url: string, mcpOnly: boolean): void {
  const lines: string[] = [];
  // The plugin's URL comes from KNOWER_URL; the one `mcp add` registered is this service's already.
  if (url !== DEFAULT_URL && !mcpOnly) lines.push(`  export KNOWER_URL=${url}`);
  if (ctx.settings.token) lines.push('  export KNOWER_TOKEN=<the token in your Knower settings>');
  if (lines.length === 0) return;
  ctx.out.say('Claude Code must reach this Knower: set in the shell that starts claude (or under "env" in ~/.claude/settings.json):');
  for (const line of lines) ctx.out.say(line);
}

function installedIn(json: string, scope: string): boolean {
  try {
    const list = JSON.parse(json) as Array<{ id?: string; scope?: string }>;
    return Array.isArray(list) && list.some((p) => p.id === PLUGIN && p.scope === scope);
  } catch {
    return false;
  }
}

const lastLines = (run: { stdout: string; stderr: string }) => `${run.stderr}\n${run.stdout}`.trim().split('\n').filter(Boolean).slice(-5);
const quote = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

function onPath(command: string, PATH = ''): string | undefined {
  for (const dir of PATH.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

/** One claude command, its output kept (shown only when it fails); bounded: it never waits on the network here. */
function claudeRun(ctx: Context, bin: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(bin, args, { env: ctx.settings.childEnv, stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', (err) => resolve({ code: 127, stdout, stderr: err.message }));
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}
