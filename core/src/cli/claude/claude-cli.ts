import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import type { Context } from '../context.js';

/** The plugin as Claude Code names it: the knower plugin of the knower marketplace (this checkout's integrations/claude-code). */
export const PLUGIN = 'knower@knower';
export const MARKETPLACE = 'knower';
/** The name of the MCP server, the plugin's and one registered by hand alike. */
export const SERVER = 'knower';

export interface ClaudeRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Claude Code's CLI as the person's PATH finds it. */
export function onPath(command: string, PATH = ''): string | undefined {
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
export function claudeRun(ctx: Context, bin: string, args: string[]): Promise<ClaudeRun> {
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

export const lastLines = (run: { stdout: string; stderr: string }) => `${run.stderr}\n${run.stdout}`.trim().split('\n').filter(Boolean).slice(-5);
export const quote = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

export interface InstalledPlugin {
  scope: string;
  enabled: boolean;
  version?: string;
}

function jsonList(text: string): Array<Record<string, unknown>> {
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? list.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null) : [];
  } catch {
    return [];
  }
}

/** Where Claude Code has the knower plugin installed (one entry per scope). */
export async function installedPlugin(ctx: Context, bin: string): Promise<InstalledPlugin[]> {
  const listed = await claudeRun(ctx, bin, ['plugin', 'list', '--json']);
  return jsonList(listed.stdout)
    .filter((p) => p.id === PLUGIN)
    .map((p) => ({ scope: String(p.scope), enabled: p.enabled !== false, ...(typeof p.version === 'string' ? { version: p.version } : {}) }));
}

/** The folder the knower marketplace was added from, if Claude Code has it. */
export async function marketplaceFolder(ctx: Context, bin: string): Promise<string | undefined> {
  const listed = await claudeRun(ctx, bin, ['plugin', 'marketplace', 'list', '--json']);
  const entry = jsonList(listed.stdout).find((m) => m.name === MARKETPLACE);
  return entry && typeof entry.path === 'string' ? entry.path : undefined;
}

/** A server named knower registered by hand (`claude mcp add`), beside or instead of the plugin's: its scope line, if any. */
export async function handServer(ctx: Context, bin: string): Promise<string | undefined> {
  const got = await claudeRun(ctx, bin, ['mcp', 'get', SERVER]);
  if (got.code !== 0) return undefined;
  return /Scope:\s*(.+)/.exec(got.stdout)?.[1]?.trim() ?? 'registered';
}

/** The scope `claude mcp remove -s` takes, from `claude mcp get`'s "Scope:" line ("User config (…)"), if it names one. */
export const scopeWord = (line: string) => /^(user|project|local)\b/i.exec(line)?.[1]?.toLowerCase();
