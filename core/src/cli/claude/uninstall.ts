import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Context } from '../context.js';
import { EXIT, failed, type Outcome } from '../outcome.js';
import { claudeRun, handServer, installedPlugin, lastLines, MARKETPLACE, marketplaceFolder, PLUGIN, scopeWord, SERVER } from './claude-cli.js';

/** The plugin's data folders (Claude Code's `~/.claude/plugins/data/<id>/`, where the hooks spool captures). */
function dataFolders(home: string | undefined): string[] {
  if (!home) return [];
  const root = path.join(home, '.claude', 'plugins', 'data');
  try {
    return readdirSync(root)
      .filter((name) => /^knower[-@_]knower$/.test(name))
      .map((name) => path.join(root, name));
  } catch {
    return [];
  }
}

/** Captures the hooks took and Knower has not accepted yet (waiting to be sent, or set aside as refused). */
function undelivered(folder: string): number {
  const count = (sub: string) => {
    try {
      return readdirSync(path.join(folder, sub)).filter((name) => name.endsWith('.json')).length;
    } catch {
      return 0;
    }
  };
  return count('spool') + count(path.join('spool', 'rejected'));
}

/**
 * Removes what `knower claude install` added: the plugin in every scope it is installed in, the
 * knower marketplace, and a server registered by hand — or, with mcpOnly, that server alone.
 * Captures not yet delivered are never deleted with the plugin: its data folder is kept then.
 */
export async function uninstall(ctx: Context, bin: string, mcpOnly: boolean): Promise<Outcome> {
  const removed: string[] = [];
  if (!mcpOnly) {
    const waiting = dataFolders(ctx.settings.childEnv.HOME)
      .map((folder) => ({ folder, n: undelivered(folder) }))
      .filter((d) => d.n > 0);
    for (const { scope } of await installedPlugin(ctx, bin)) {
      const run = await claudeRun(ctx, bin, ['plugin', 'uninstall', PLUGIN, '--scope', scope, ...(waiting.length ? ['--keep-data'] : [])]);
      if (run.code !== 0) return failed(`claude plugin uninstall ${PLUGIN} --scope ${scope} failed:`, ...lastLines(run));
      removed.push(`the plugin ${PLUGIN} (scope ${scope})`);
    }
    const folder = await marketplaceFolder(ctx, bin);
    if (folder !== undefined) {
      const run = await claudeRun(ctx, bin, ['plugin', 'marketplace', 'remove', MARKETPLACE]);
      if (run.code !== 0) return failed(`claude plugin marketplace remove ${MARKETPLACE} failed:`, ...lastLines(run));
      removed.push(`the marketplace ${MARKETPLACE} (${folder})`);
    }
    for (const { folder, n } of waiting) {
      ctx.out.say(`Kept the plugin's data in ${folder}: ${n} capture${n === 1 ? '' : 's'} not yet delivered to Knower. Install again to deliver them, or delete the folder.`);
    }
  }
  const byHand = await handServer(ctx, bin);
  if (byHand) {
    const scope = scopeWord(byHand);
    const run = await claudeRun(ctx, bin, ['mcp', 'remove', SERVER, ...(scope ? ['--scope', scope] : [])]);
    if (run.code !== 0) return failed(`claude mcp remove ${SERVER} failed:`, ...lastLines(run));
    removed.push(`the MCP server ${SERVER} registered by hand (${byHand})`);
  }
  if (removed.length === 0) {
    ctx.out.say(mcpOnly ? `No MCP server named ${SERVER} is registered by hand in Claude Code.` : 'Nothing of Knower is installed in Claude Code.');
    return EXIT.ok;
  }
  for (const line of removed) ctx.out.say(`Removed ${line}.`);
  return EXIT.ok;
}
