import path from 'node:path';
import { flag, stringValue } from '../args.js';
import { onPath, PLUGIN } from '../claude/claude-cli.js';
import { doctor } from '../claude/doctor.js';
import { installMcp, installPlugin, mcpSteps, pluginSteps, sayByHand, settingsHints } from '../claude/install.js';
import { uninstall } from '../claude/uninstall.js';
import type { Context } from '../context.js';
import { EXIT, failed, isFailure, usageError, type Outcome } from '../outcome.js';
import { findTarget } from '../target.js';
import type { Verb } from './verb.js';

const SCOPES = ['user', 'project', 'local'];
const ACTIONS = ['install', 'uninstall', 'doctor'];

export const claude: Verb = {
  name: 'claude',
  help: `Usage: knower claude install [--scope user|project|local] [--mcp-only]
       knower claude uninstall [--mcp-only]
       knower claude doctor

Makes Knower the memory of Claude Code, through Claude Code's own CLI (claude).
  install     adds this checkout's integrations/claude-code as a plugin marketplace and installs
              the knower plugin: a brief of the repository's project at every session start,
              what a session established sent to Knower before compaction and at its end, and
              Knower's MCP tools. Run it again after updating Knower: the plugin is reinstalled
              from the checkout.
  uninstall   removes what install added: the plugin (every scope), the knower marketplace and
              a server registered by hand. Captures not yet delivered to Knower are kept.
  doctor      says whether the plugin, the MCP server, the service, the token and this folder's
              project are right, and what to do when one is not (exit 1 then).
  --scope      where Claude Code records the plugin (default user: every project)
  --mcp-only   install: register only the MCP server (claude mcp add), without the hooks;
               uninstall: remove only a server registered by hand
Use the plugin or --mcp-only, not both: Claude Code would list every tool twice. When claude is
not on PATH, install prints the commands to run by hand. The plugin reads KNOWER_URL,
KNOWER_TOKEN and its other settings from the environment Claude Code runs in (README, "Claude Code").
`,
  options: { scope: { type: 'string' }, 'mcp-only': { type: 'boolean' } },
  takesWords: true,
  async run(args, ctx) {
    const [action, extra] = args.positionals;
    if (action === undefined || !ACTIONS.includes(action)) {
      return usageError(action === undefined ? 'say what to do: knower claude install, uninstall or doctor' : `unknown action '${action}' (install, uninstall or doctor)`);
    }
    if (extra !== undefined) return usageError(`unexpected argument '${extra}'`);
    const bin = onPath('claude', ctx.settings.childEnv.PATH);
    if (action === 'doctor') return doctor(ctx, bin);
    if (action === 'uninstall')
      return bin ? uninstall(ctx, bin, flag(args, 'mcp-only')) : failed(`claude is not on PATH: remove the plugin in Claude Code with /plugin, or claude plugin uninstall ${PLUGIN}`);
    return install(ctx, bin, stringValue(args, 'scope') ?? 'user', flag(args, 'mcp-only'));
  },
};

async function install(ctx: Context, bin: string | undefined, scope: string, mcpOnly: boolean): Promise<Outcome> {
  if (!SCOPES.includes(scope)) return usageError(`--scope takes user, project or local (got '${scope}')`);
  const target = findTarget(ctx.settings, [ctx.verb, ...ctx.args]);
  if (isFailure(target)) return target;
  const plugin = path.join(ctx.settings.repoRoot, 'integrations', 'claude-code');
  const steps = mcpOnly ? mcpSteps(target.url, scope) : pluginSteps(plugin, scope);
  if (!bin) {
    sayByHand(ctx, steps);
    settingsHints(ctx, target.url, mcpOnly);
    return failed('claude not found: install Claude Code (https://claude.com/claude-code), or run the commands above');
  }
  const outcome = mcpOnly ? await installMcp(ctx, bin, steps) : await installPlugin(ctx, bin, scope, steps);
  if (isFailure(outcome)) return outcome;
  settingsHints(ctx, target.url, mcpOnly);
  return EXIT.ok;
}
