import type { Context } from '../context.js';
import { EXIT, failed, type Outcome } from '../outcome.js';
import { claudeRun, handServer, installedPlugin, lastLines, PLUGIN, quote, SERVER } from './claude-cli.js';

const DEFAULT_URL = 'http://127.0.0.1:8000';

export function pluginSteps(plugin: string, scope: string): string[][] {
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
export function mcpSteps(url: string, scope: string): string[][] {
  return [['mcp', 'add', '--transport', 'http', '--scope', scope, SERVER, `${url}${MCP_PATH}`, '--header', 'Authorization: Bearer ${KNOWER_TOKEN:-}']];
}

/** The commands, for a person without claude on PATH. */
export function sayByHand(ctx: Context, steps: string[][]): void {
  ctx.out.say("Claude Code's CLI (claude) is not on PATH. To install by hand, run:");
  for (const step of steps) ctx.out.say(`  claude ${step.map(quote).join(' ')}`);
}

export async function installPlugin(ctx: Context, bin: string, scope: string, steps: string[][]): Promise<Outcome> {
  const [marketplace, install] = steps as [string[], string[]];
  const added = await claudeRun(ctx, bin, marketplace);
  if (added.code !== 0) return failed(`claude ${marketplace.join(' ')} failed:`, ...lastLines(added));
  // Claude Code keeps its own copy of a plugin and refreshes it only for a new version:
  // reinstalling takes the checkout's hooks as they are now (--keep-data keeps what was sent).
  if ((await installedPlugin(ctx, bin)).some((p) => p.scope === scope)) {
    const removed = await claudeRun(ctx, bin, ['plugin', 'uninstall', PLUGIN, '--scope', scope, '--keep-data']);
    if (removed.code !== 0) return failed(`claude plugin uninstall ${PLUGIN} failed:`, ...lastLines(removed));
  }
  const installed = await claudeRun(ctx, bin, install);
  if (installed.code !== 0) return failed(`claude ${install.join(' ')} failed:`, ...lastLines(installed));
  ctx.out.say(`Installed the Claude Code plugin ${PLUGIN} (scope ${scope}) from ${marketplace[3]}.`);
  ctx.out.say("New Claude Code sessions start with a brief of the repository's Knower project and send what they established to Knower;");
  ctx.out.say("Knower's MCP tools are listed by /mcp inside Claude Code (or `claude mcp list`).");
  const byHand = await handServer(ctx, bin);
  if (byHand) {
    ctx.out.say(`A server named ${SERVER} is also registered by hand (${byHand}): Claude Code would list every Knower tool twice.`);
    ctx.out.say('Remove that one: knower claude uninstall --mcp-only');
  }
  return EXIT.ok;
}

export async function installMcp(ctx: Context, bin: string, steps: string[][]): Promise<Outcome> {
  // The plugin brings the same server: both would list every tool twice.
  const plugin = await installedPlugin(ctx, bin);
  if (plugin.length) {
    return failed(
      `the ${PLUGIN} plugin is installed (scope ${plugin.map((p) => p.scope).join(', ')}) and already gives Claude Code Knower's MCP server;`,
      'a server added by hand beside it would list every tool twice. For the MCP server alone: knower claude uninstall, then knower claude install --mcp-only',
    );
  }
  const [add] = steps as [string[]];
  const done = await claudeRun(ctx, bin, add);
  if (done.code !== 0) return failed(`claude ${add.slice(0, 7).join(' ')} failed:`, ...lastLines(done));
  ctx.out.say(`Registered Knower's MCP server (${(add[7] ?? '').split('?')[0] ?? ''}) with Claude Code as "${SERVER}".`);
  return EXIT.ok;
}

/** What the plugin needs from Claude Code's environment, when the defaults do not fit this service. */
export function settingsHints(ctx: Context, url: string, mcpOnly: boolean): void {
  const lines: string[] = [];
  // The plugin's URL comes from KNOWER_URL; the one `mcp add` registered is this service's already.
  if (url !== DEFAULT_URL && !mcpOnly) lines.push(`  export KNOWER_URL=${url}`);
  if (ctx.settings.token) lines.push('  export KNOWER_TOKEN=<the token in your Knower settings>');
  if (lines.length === 0) return;
  ctx.out.say('Claude Code must reach this Knower: set in the shell that starts claude (or under "env" in ~/.claude/settings.json):');
  for (const line of lines) ctx.out.say(line);
}
