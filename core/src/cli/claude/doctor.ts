import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Context } from '../context.js';
import { asRecord } from '../format/text.js';
import { createHttpClient, parseJson, type HttpClient } from '../http-client.js';
import { EXIT, failed, type Outcome } from '../outcome.js';
import { claudeRun, handServer, installedPlugin, marketplaceFolder, PLUGIN, SERVER } from './claude-cli.js';

/** Where the plugin's hooks and MCP server look for Knower when KNOWER_URL is not set (its .mcp.json says the same). */
const PLUGIN_DEFAULT_URL = 'http://127.0.0.1:8000';

interface Check {
  what: string;
  ok: boolean;
  said: string;
}

/** The repository the hooks match a project against: the nearest folder upward holding `.git` (lib/repository.mjs). */
function repositoryRoot(cwd: string): string {
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    try {
      statSync(path.join(dir, '.git'));
      return dir;
    } catch {
      if (path.dirname(dir) === dir) return path.resolve(cwd);
    }
  }
}

function checkoutVersion(pluginFolder: string): string | undefined {
  try {
    const manifest = asRecord(JSON.parse(readFileSync(path.join(pluginFolder, '.claude-plugin', 'plugin.json'), 'utf8')));
    return typeof manifest.version === 'string' ? manifest.version : undefined;
  } catch {
    return undefined;
  }
}

async function claudeChecks(ctx: Context, bin: string): Promise<Check[]> {
  const checkout = path.join(ctx.settings.repoRoot, 'integrations', 'claude-code');
  // One claude at a time: each may write Claude Code's own settings file as it starts.
  const version = await claudeRun(ctx, bin, ['--version']);
  const plugins = await installedPlugin(ctx, bin);
  const folder = await marketplaceFolder(ctx, bin);
  const byHand = await handServer(ctx, bin);
  const checks: Check[] = [{ what: 'Claude Code', ok: version.code === 0, said: version.code === 0 ? `${version.stdout.trim()} (${bin})` : `${bin} --version failed` }];
  if (plugins.length === 0) {
    checks.push({ what: 'Plugin', ok: byHand !== undefined, said: byHand ? `not installed (MCP only, by hand: no session briefs or captures)` : `${PLUGIN} is not installed: knower claude install` });
  } else {
    const want = checkoutVersion(checkout);
    for (const p of plugins) {
      const stale = want !== undefined && p.version !== want;
      const elsewhere = folder !== undefined && path.resolve(folder) !== path.resolve(checkout);
      const problems = [
        !p.enabled && `disabled: claude plugin enable ${PLUGIN}`,
        stale && `version ${p.version ?? '?'} installed, this checkout has ${want}: knower claude install`,
        elsewhere && `installed from ${folder}, not this checkout: knower claude install`,
      ].filter(Boolean);
      checks.push({
        what: 'Plugin',
        ok: problems.length === 0,
        said: `${PLUGIN} ${p.version ?? ''} (scope ${p.scope})${problems.length ? `: ${problems.join('; ')}` : ', enabled, from this checkout'}`,
      });
    }
  }
  if (plugins.length && byHand)
    checks.push({ what: 'MCP server', ok: false, said: `the plugin's, and one named ${SERVER} by hand (${byHand}): every tool is listed twice. knower claude uninstall --mcp-only` });
  else
    checks.push({
      what: 'MCP server',
      ok: plugins.length > 0 || byHand !== undefined,
      said: plugins.length ? "the plugin's" : byHand ? `registered by hand (${byHand})` : 'none: knower claude install',
    });
  return checks;
}

async function serviceChecks(ctx: Context): Promise<Check[]> {
  const env = ctx.settings.childEnv;
  const url = env.KNOWER_URL?.trim() || PLUGIN_DEFAULT_URL;
  const whence = env.KNOWER_URL?.trim() ? 'KNOWER_URL' : 'the plugin default; KNOWER_URL is not set';
  const anonymous = createHttpClient(url);
  const health = await anonymous.request('GET', '/health', { timeoutS: 5 });
  if (health.kind !== 'answer') return [{ what: 'Knower', ok: false, said: `nothing answers at ${url} (${whence}): start it (knower start), or set KNOWER_URL where claude starts` }];
  const checks: Check[] = [{ what: 'Knower', ok: true, said: `${url} answers (${whence})` }];
  const repo = path.basename(repositoryRoot(process.cwd()));
  const briefOf = (client: HttpClient) =>
    client.request('GET', '/brief', { timeoutS: 10, query: { repo, tokens: '100', ...(env.KNOWER_PROJECT?.trim() ? { project: env.KNOWER_PROJECT.trim() } : {}) } });
  let brief = await briefOf(anonymous);
  if (brief.kind === 'answer' && brief.status === 401) {
    const token = env.KNOWER_TOKEN?.trim();
    if (!token)
      return [
        ...checks,
        { what: 'Token', ok: false, said: 'Knower asks for a token and KNOWER_TOKEN is not set in this environment: set it where claude starts (or under "env" in ~/.claude/settings.json)' },
      ];
    brief = await briefOf(createHttpClient(url, token));
    if (brief.kind === 'answer' && brief.status === 401) return [...checks, { what: 'Token', ok: false, said: 'KNOWER_TOKEN is set but Knower refuses it: set the token in your Knower settings' }];
    checks.push({ what: 'Token', ok: true, said: 'KNOWER_TOKEN is set and accepted' });
  } else {
    checks.push({ what: 'Token', ok: true, said: 'none needed' });
  }
  if (brief.kind !== 'answer' || brief.status !== 200) return [...checks, { what: 'Project', ok: false, said: `GET /brief failed (${brief.kind === 'answer' ? `HTTP ${brief.status}` : brief.kind})` }];
  const { project, matched } = asRecord(parseJson(brief.body));
  const how = matched === 'given' ? 'KNOWER_PROJECT' : matched === 'name' ? 'its folder name' : 'a search for its name';
  checks.push(
    typeof project === 'string'
      ? { what: 'Project', ok: true, said: `this repository (${repo}) is projects/${project}/ (by ${how})` }
      : { what: 'Project', ok: true, said: `no project matches this repository (${repo}): captures are filed where the update agent sees fit; make projects/${repo}/ or set KNOWER_PROJECT` },
  );
  return checks;
}

/** Whether Claude Code has Knower as it should: the CLI, the plugin, one MCP server, the service, the token, this folder's project. */
export async function doctor(ctx: Context, bin: string | undefined): Promise<Outcome> {
  const checks = bin ? await claudeChecks(ctx, bin) : [{ what: 'Claude Code', ok: false, said: 'claude is not on PATH: install Claude Code' }];
  checks.push(...(await serviceChecks(ctx)));
  const width = Math.max(...checks.map((c) => c.what.length));
  for (const c of checks) ctx.out.say(`${c.ok ? 'ok  ' : 'fix '} ${c.what.padEnd(width)}  ${c.said}`);
  const problems = checks.filter((c) => !c.ok).length;
  return problems === 0 ? EXIT.ok : failed(`${problems} thing${problems === 1 ? '' : 's'} to fix (above)`);
}
