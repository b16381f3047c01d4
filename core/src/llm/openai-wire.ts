import type OpenAI from 'openai';
import { recoverToolCalls } from './text-tool-calls.js';
import type { AssistantPart, ChatMessage, ModelRequest, ModelResponse, StopReason, ToolUsePart, UserPart } from './types.js';

type MessageParam = OpenAI.Chat.ChatCompletionMessageParam;
type ContentPart = OpenAI.Chat.ChatCompletionContentPart;
export type ChatParams = OpenAI.Chat.ChatCompletionCreateParamsNonStreaming;

/** What a server turned out to accept, learnt from its errors (see openai-compat.ts). */
export interface Compat {
  /** False once the model refused an image: images become a note, the files stay in the vault. */
  images: boolean;
  /** Hosted reasoning models refuse `max_tokens` and want `max_completion_tokens`. */
  maxTokensField: 'max_tokens' | 'max_completion_tokens';
  /** Ask for usage at the end of a stream (`stream_options`), unless the server refused it. */
  streamUsage: boolean;
}

const IMAGE_NOT_SHOWN = '[Image not shown: this model does not take images. The file is saved in the vault at the path given above; file it by that path.]';

/** A completion as both the plain and the streamed answers arrive at it, before any parsing. */
export interface RawTurn {
  content: string;
  toolCalls: Array<{ id?: string | undefined; name?: string | undefined; arguments?: unknown }>;
  finishReason: string | null | undefined;
  usage?: { prompt_tokens?: number; completion_tokens?: number; prompt_tokens_details?: { cached_tokens?: number } | null } | null | undefined;
}

function userMessages(parts: UserPart[], compat: Compat): MessageParam[] {
  const out: MessageParam[] = [];
  // Tool results come first: each must directly follow the assistant turn that made the call.
  for (const part of parts) {
    if (part.type === 'tool_result') out.push({ role: 'tool', tool_call_id: part.toolUseId, content: part.isError ? `Error: ${part.content}` : part.content });
  }
  const rest: ContentPart[] = [];
  for (const part of parts) {
    if (part.type === 'text') rest.push({ type: 'text', text: part.text });
    else if (part.type === 'image') {
      rest.push(compat.images ? { type: 'image_url', image_url: { url: `data:${part.mediaType};base64,${part.data}` } } : { type: 'text', text: IMAGE_NOT_SHOWN });
    }
  }
  if (rest.length === 0) return out;
  // Plain text as one string: some local servers accept content arrays only for images.
  const textOnly = rest.every((p) => p.type === 'text');
  out.push({ role: 'user', content: textOnly ? rest.map((p) => (p as { text: string }).text).join('\n\n') : rest });
  return out;
}

function assistantMessage(parts: AssistantPart[]): MessageParam {
  const text = parts
    .filter((p) => p.type === 'text')
    .map((p) => p.text)
    .join('\n');
  const calls = parts.filter((p): p is ToolUsePart => p.type === 'tool_use');
  if (calls.length === 0) return { role: 'assistant', content: text };
  return {
    role: 'assistant',
    content: text,
    tool_calls: calls.map((c) => ({
      id: c.id,
      type: 'function' as const,
      // Servers parse these arguments again: a call whose JSON was broken goes back as {} (its error says why).
      function: { name: c.name, arguments: c.inputError === undefined ? JSON.stringify(c.input ?? {}) : '{}' },
    })),
  };
}

const toMessages = (message: ChatMessage, compat: Compat): MessageParam[] => (message.role === 'user' ? userMessages(message.content, compat) : [assistantMessage(message.content)]);

/**
 * One system message (instructions, then the vault context): several system messages break some
 * local chat templates, and a stable prefix is what local servers cache between turns.
 */
export function toChatParams(model: string, req: ModelRequest, compat: Compat): ChatParams {
  const system = req.context ? `${req.system}\n\n${req.context}` : req.system;
  return {
    model,
    messages: [{ role: 'system', content: system }, ...req.messages.flatMap((m) => toMessages(m, compat))],
    ...(req.tools.length > 0 ? { tools: req.tools.map((t) => ({ type: 'function' as const, function: { name: t.name, description: t.description, parameters: t.inputSchema } })) } : {}),
    [compat.maxTokensField]: req.maxTokens ?? 4096,
  };
}

/** Parsed arguments, or why they could not be: the model gets that as a tool error to correct. */
function parseArguments(raw: unknown): { input: unknown } | { inputError: string } {
  if (raw !== null && typeof raw === 'object') return { input: raw };
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (text === '') return { input: {} };
  try {
    const value: unknown = JSON.parse(text);
    // Some models encode the object twice ("{\"path\": …}").
    if (typeof value === 'string' && /^\s*\{/.test(value)) return parseArguments(value);
    return { input: value };
  } catch (err) {
    const shown = text.length > 300 ? `${text.slice(0, 300)}…` : text;
    return { inputError: `the arguments were not valid JSON (${(err as Error).message}): ${shown}` };
  }
}

/** Reasoning models may think aloud in <think> blocks; the answer is what follows. */
const stripThinking = (text: string) => text.replace(/^\s*<think>[\s\S]*?<\/think>/, '').trim();

const FINISH: Record<string, StopReason> = { stop: 'end_turn', tool_calls: 'tool_use', function_call: 'tool_use', length: 'max_tokens' };

export function fromRawTurn(raw: RawTurn, toolNames: readonly string[], newId: () => string): ModelResponse {
  let text = stripThinking(raw.content);
  let calls = raw.toolCalls;
  if (calls.length === 0 && text) {
    const recovered = recoverToolCalls(text, toolNames);
    if (recovered) {
      text = recovered.text;
      calls = recovered.calls;
    }
  }
  const content: AssistantPart[] = text ? [{ type: 'text', text }] : [];
  for (const call of calls) {
    const parsed = parseArguments(call.arguments);
    const head = { type: 'tool_use' as const, id: call.id || newId(), name: call.name ?? '' };
    content.push('inputError' in parsed ? { ...head, input: {}, inputError: parsed.inputError } : { ...head, input: parsed.input });
  }
  const cached = raw.usage?.prompt_tokens_details?.cached_tokens ?? 0;
  return {
    content,
    stopReason: calls.length > 0 ? 'tool_use' : (FINISH[raw.finishReason ?? 'stop'] ?? 'other'),
    usage: {
      // OpenAI counts cached tokens inside prompt_tokens; the neutral usage keeps them apart (as Anthropic does).
      inputTokens: Math.max(0, (raw.usage?.prompt_tokens ?? 0) - cached),
      outputTokens: raw.usage?.completion_tokens ?? 0,
      cacheReadTokens: cached,
      cacheWriteTokens: 0,
    },
  };
}

/** The first choice of a plain (non-streamed) completion. */
export function rawFromCompletion(completion: OpenAI.Chat.ChatCompletion): RawTurn | undefined {
  const choice = completion.choices?.[0];
  if (!choice) return undefined;
  const message = choice.message ?? { content: '' };
  return {
    content: typeof message.content === 'string' ? message.content : '',
    toolCalls: (message.tool_calls ?? []).map((c) => {
      const fn = 'function' in c ? c.function : undefined;
      return { id: c.id, name: fn?.name, arguments: fn?.arguments };
    }),
    finishReason: choice.finish_reason,
    usage: completion.usage,
  };
}
