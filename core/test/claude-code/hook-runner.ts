import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { childOutput, type ChildOutput } from '../helpers/child-output.js';

/** The plugin folder, as Claude Code's ${CLAUDE_PLUGIN_ROOT} names it. */
export const pluginRoot = path.resolve(import.meta.dirname, '../../../integrations/claude-code');
const fixtures = path.join(import.meta.dirname, 'fixtures');

interface HookEntry {
  matcher?: string;
  hooks: Array<{ type: string; command: string; timeout?: number }>;
}

/** hooks/hooks.json as Claude Code reads it. */
export async function declaredHooks(): Promise<Record<string, HookEntry[]>> {
  const file = JSON.parse(await readFile(path.join(pluginRoot, 'hooks', 'hooks.json'), 'utf8')) as { hooks: Record<string, HookEntry[]> };
  return file.hooks;
}

export type HookRun = ChildOutput;

/**
 * Runs the command hooks.json declares for an event, the way Claude Code does: through the
 * shell, with ${CLAUDE_PLUGIN_ROOT} expanded (and set), the event's JSON on stdin. The
 * environment is the test's own: nothing from the developer's shell leaks in.
 */
export async function runHook(event: string, input: unknown, env: Record<string, string>): Promise<HookRun> {
  const hooks = await declaredHooks();
  const command = hooks[event]?.[0]?.hooks[0]?.command;
  if (!command) throw new Error(`hooks.json declares no command for ${event}`);
  const expanded = command.replaceAll('${CLAUDE_PLUGIN_ROOT}', pluginRoot);
  // KNOWER_TEST_HOOK_NODE_DIR puts another Node first (the hooks must run on Node 18 too).
  const PATH = [process.env.KNOWER_TEST_HOOK_NODE_DIR, process.env.PATH].filter(Boolean).join(path.delimiter);
  const child = spawn('sh', ['-c', expanded], { env: { PATH, CLAUDE_PLUGIN_ROOT: pluginRoot, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  const output = childOutput(child);
  child.stdin.end(JSON.stringify(input));
  return output;
}

/** A git repository (a real `git init`) at `dir`, with a subfolder to start sessions in. */
export async function makeRepository(dir: string): Promise<void> {
  await mkdir(path.join(dir, 'src'), { recursive: true });
  const init = spawnSync('git', ['init', '-q', dir], { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`git init failed: ${init.stderr}`);
}

/** Where the fixtures' session ran: their paths are moved to the test's repository. */
const RECORDED_REPO = '/home/dev/code/zebra-app';

/**
 * A transcript Claude Code wrote (fixtures/*.jsonl, recorded from a real session of Claude
 * Code 2.1.197) and the hook input it sent, moved to `repo`: returns the stdin JSON.
 */
export async function transcriptFixture(name: 'pre-compact' | 'session-end', repo: string, scratch: string): Promise<Record<string, unknown>> {
  const transcript = (await readFile(path.join(fixtures, `${name}.jsonl`), 'utf8')).replaceAll(RECORDED_REPO, repo);
  const file = path.join(scratch, `${name}.jsonl`);
  await writeFile(file, transcript);
  const input = JSON.parse(await readFile(path.join(fixtures, `${name}.input.json`), 'utf8')) as Record<string, unknown>;
  return { ...input, transcript_path: file, cwd: repo };
}

export async function sessionStartInput(repo: string, source: string): Promise<Record<string, unknown>> {
  const input = JSON.parse(await readFile(path.join(fixtures, 'session-start.input.json'), 'utf8')) as Record<string, unknown>;
  return { ...input, cwd: repo, source };
}

/** One exchange of a session: what the person typed, and the assistant's answer to it. */
export interface Exchange {
  asked: string;
  concluded: string;
}

/**
 * Appends exchanges to a transcript the way Claude Code writes them (one JSON line per entry,
 * chained by uuid, with the fields the recorded fixtures carry), creating the file if needed.
 * Returns the hook input (stdin JSON) for `event`.
 */
export async function appendExchanges(file: string, sessionId: string, repo: string, exchanges: Exchange[], event = 'SessionEnd'): Promise<Record<string, unknown>> {
  const lines: string[] = [];
  let at = Date.parse('2026-11-24T09:00:00Z');
  for (const { asked, concluded } of exchanges) {
    const common = { isSidechain: false, sessionId, cwd: repo, version: '2.1.197', gitBranch: 'main', userType: 'external', entrypoint: 'cli' };
    lines.push(JSON.stringify({ ...common, type: 'user', uuid: randomUUID(), timestamp: new Date((at += 1000)).toISOString(), message: { role: 'user', content: asked } }));
    const message = { id: `msg_${randomUUID()}`, type: 'message', role: 'assistant', model: 'claude-opus-4-8', content: [{ type: 'text', text: concluded }], stop_reason: 'end_turn' };
    lines.push(JSON.stringify({ ...common, type: 'assistant', uuid: randomUUID(), timestamp: new Date((at += 1000)).toISOString(), message }));
  }
  await appendFile(file, `${lines.join('\n')}\n`);
  return { session_id: sessionId, transcript_path: file, cwd: repo, hook_event_name: event, ...(event === 'SessionEnd' ? { reason: 'other' } : { trigger: 'manual', custom_instructions: null }) };
}
