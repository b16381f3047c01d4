import { z } from 'zod';
import { addUsage, emptyUsage, type ChatMessage, type ModelRequest, type ModelClient, type ToolResultPart, type ToolUsePart, type Usage, type UserPart } from '../llm/index.js';
import { REPEATED_TURNS_LIMIT, TOOL_TIME_LIMIT_MS, UPDATE_MAX_STEPS } from './limits.js';
import { isStorageError } from '../vault/index.js';
import { vaultRelativeText } from '../vault/index.js';
import type { Session } from './session.js';
import { toToolSpec, type AgentTool } from './tools/index.js';

export interface LoopParams {
  model: ModelClient;
  system: string;
  context: string;
  /** The first user turn: the task, with any image blocks. */
  task: UserPart[];
  tools: readonly AgentTool[];
  session: Session;
  /** A run that keeps calling tools stops here: an update cannot loop forever on the queue. */
  maxIterations?: number;
  maxTokens?: number;
  /** Told of each tool call once it has run: how an update's live steps are followed. */
  onToolCall?: (call: ToolUsePart, result: ToolResultPart) => void;
  /**
   * Stops the run: checked before each model call and each tool call (a tool call under way
   * finishes: a write is never left half done), and aborts a model request in flight.
   */
  signal?: AbortSignal;
  /** Told when a model call is retried after a fault (the run shows it waits). */
  onRetry?: ModelRequest['onRetry'];
}

export interface LoopResult {
  /** The model's last text: the answer (search) or the summary (update). */
  text: string;
  usage: Usage;
  iterations: number;
  /** True when the run was stopped while still calling tools (`stopped` says why). */
  exhausted: boolean;
  /** `steps`: it hit maxIterations; `repeating`: it made the same calls turn after turn. */
  stopped?: 'steps' | 'repeating';
  toolCalls: number;
  toolErrors: number;
  /** Every tool call in order, for the summary of a run that had to be stopped. */
  trace: ToolTrace[];
}

export interface ToolTrace {
  tool: string;
  /** What it was called on: a path, "from → to", or a search query. */
  target?: string;
  error?: string;
}

/** The path or query a call was about, as a person would name it. */
function targetOf(input: unknown): string | undefined {
  if (input === null || typeof input !== 'object') return undefined;
  const i = input as Record<string, unknown>;
  if (typeof i.from === 'string' && typeof i.to === 'string') return `${i.from} → ${i.to}`;
  if (typeof i.path === 'string') return i.path || '(vault root)';
  if (typeof i.query === 'string') return `"${i.query.slice(0, 80)}"`;
  return undefined;
}

/** Turns one tool call into a tool result; nothing a tool does can end the run. */
export async function runToolCall(call: ToolUsePart, tools: readonly AgentTool[], session: Session): Promise<ToolResultPart> {
  // Errors name vault-relative paths only: the model (and the provider) never learn where the
  // vault, the state dir or a symlink's target lie on the host.
  const fail = (content: string): ToolResultPart => ({ type: 'tool_result', toolUseId: call.id, content: vaultRelativeText(content, [session.root]), isError: true });
  const tool = tools.find((t) => t.name === call.name);
  if (!tool) return fail(`Unknown tool "${call.name}". Available tools: ${tools.map((t) => t.name).join(', ')}.`);
  if (call.inputError !== undefined) return fail(`Could not read your ${tool.name} call: ${call.inputError}. Call ${tool.name} again with one JSON object that matches its schema.`);
  const parsed = tool.input.safeParse(call.input);
  if (!parsed.success) return fail(`Invalid input for ${tool.name}: ${z.prettifyError(parsed.error)}`);
  const limitMs = session.toolTimeLimitMs ?? TOOL_TIME_LIMIT_MS;
  let timer: NodeJS.Timeout | undefined;
  const overdue = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ToolTimeout(tool.name, limitMs)), limitMs);
  });
  try {
    const result = await Promise.race([tool.run(parsed.data, session), overdue]);
    return result.ok ? { type: 'tool_result', toolUseId: call.id, content: result.text } : fail(result.error);
  } catch (err) {
    if (err instanceof ToolTimeout) {
      session.log.warn({ tool: tool.name, limitMs }, 'agent tool call ran out of time');
      return fail(err.message);
    }
    // A full or failing disk is no tool error the model can work around: the run stops here.
    if (isStorageError(err)) throw err;
    session.log.warn({ err, tool: tool.name }, 'agent tool threw');
    return fail(`${tool.name} failed: ${(err as Error).message ?? String(err)}. Nothing else was changed; you may try again or another way.`);
  } finally {
    clearTimeout(timer);
  }
}

class ToolTimeout extends Error {
  constructor(tool: string, ms: number) {
    super(`${tool} did not finish within ${ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`} and was stopped. Try another way, or leave this step out.`);
  }
}

/**
 * The tool-use loop: ask the model, run the tools it calls, hand the results back, until it
 * answers without tools or the iteration cap. Model faults (ModelError) propagate: the queue
 * decides about retrying; tool faults never do.
 */
export async function runAgentLoop(p: LoopParams): Promise<LoopResult> {
  const maxIterations = p.maxIterations ?? UPDATE_MAX_STEPS;
  const tools = p.tools.map(toToolSpec);
  const messages: ChatMessage[] = [{ role: 'user', content: p.task }];
  const trace: ToolTrace[] = [];
  let usage = emptyUsage();
  let text = '';
  let toolCalls = 0;
  let toolErrors = 0;
  let lastTurn = '';
  let repeats = 0;
  for (let iteration = 1; iteration <= maxIterations; iteration++) {
    p.signal?.throwIfAborted();
    const response = await p.model.complete({
      system: p.system,
      context: p.context,
      messages,
      tools,
      ...(p.maxTokens ? { maxTokens: p.maxTokens } : {}),
      ...(p.signal ? { signal: p.signal } : {}),
      ...(p.onRetry ? { onRetry: p.onRetry } : {}),
    });
    // A request that answered just as the run was stopped: its tool calls are not run.
    p.signal?.throwIfAborted();
    usage = addUsage(usage, response.usage);
    messages.push({ role: 'assistant', content: response.content });
    const said = response.content
      .filter((b) => b.type === 'text')
      .map((b) => b.text)
      .join('\n')
      .trim();
    if (said) text = said;
    const calls = response.content.filter((b): b is ToolUsePart => b.type === 'tool_use');
    if (calls.length === 0) return { text, usage, iterations: iteration, exhausted: false, toolCalls, toolErrors, trace };
    // Sequential on purpose: two writes in one turn must see each other's results.
    const results: ToolResultPart[] = [];
    for (const call of calls) {
      p.signal?.throwIfAborted();
      const result = await runToolCall(call, p.tools, p.session);
      toolCalls++;
      if (result.isError) toolErrors++;
      const target = targetOf(call.input);
      trace.push({ tool: call.name, ...(target ? { target } : {}), ...(result.isError ? { error: result.content } : {}) });
      p.onToolCall?.(call, result);
      results.push(result);
    }
    messages.push({ role: 'user', content: results });
    // The same calls again and again (weaker models loop): more turns would only repeat them.
    const turn = JSON.stringify(calls.map((c) => [c.name, c.input, c.inputError]));
    repeats = turn === lastTurn ? repeats + 1 : 1;
    lastTurn = turn;
    if (repeats >= REPEATED_TURNS_LIMIT) {
      p.session.log.warn({ iteration, repeats }, 'agent run stopped: it repeated the same tool calls');
      return { text, usage, iterations: iteration, exhausted: true, stopped: 'repeating', toolCalls, toolErrors, trace };
    }
  }
  p.session.log.warn({ maxIterations }, 'agent run stopped at the iteration cap');
  return { text, usage, iterations: maxIterations, exhausted: true, stopped: 'steps', toolCalls, toolErrors, trace };
}
