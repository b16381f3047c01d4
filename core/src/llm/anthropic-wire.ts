import type Anthropic from '@anthropic-ai/sdk';
import type { AssistantPart, ChatMessage, ModelRequest, StopReason, Usage, UserPart } from './types.js';

type Params = Anthropic.MessageCreateParamsNonStreaming;
type BlockParam = Anthropic.ContentBlockParam;

const EPHEMERAL = { type: 'ephemeral' } as const;

function userBlock(part: UserPart): BlockParam {
  switch (part.type) {
    case 'text':
      return { type: 'text', text: part.text };
    case 'image':
      return { type: 'image', source: { type: 'base64', media_type: part.mediaType, data: part.data } };
    case 'tool_result':
      return { type: 'tool_result', tool_use_id: part.toolUseId, content: part.content, ...(part.isError ? { is_error: true } : {}) };
  }
}

function assistantBlock(part: AssistantPart): BlockParam {
  if (part.type === 'text') return { type: 'text', text: part.text };
  // The API only accepts object inputs in the history; a malformed one was already answered with an error.
  const input = part.input !== null && typeof part.input === 'object' && !Array.isArray(part.input) ? (part.input as Record<string, unknown>) : {};
  return { type: 'tool_use', id: part.id, name: part.name, input };
}

function toParam(message: ChatMessage): Anthropic.MessageParam {
  return message.role === 'user' ? { role: 'user', content: message.content.map(userBlock) } : { role: 'assistant', content: message.content.map(assistantBlock) };
}

/**
 * Prompt caching uses three of the four breakpoints the API allows:
 * 1. end of the system prompt: tools + instructions, identical for every run of an agent;
 * 2. end of the bootstrap context: identical for every turn of one run;
 * 3. end of the newest message: each turn re-reads the conversation so far from the cache.
 */
export function toCreateParams(model: string, req: ModelRequest): Params {
  const system: Anthropic.TextBlockParam[] = [{ type: 'text', text: req.system, cache_control: EPHEMERAL }];
  if (req.context) system.push({ type: 'text', text: req.context, cache_control: EPHEMERAL });
  const messages = req.messages.map(toParam);
  const last = messages.at(-1);
  if (last && Array.isArray(last.content) && last.content.length > 0) {
    const blocks = last.content;
    const tail = blocks[blocks.length - 1];
    // Thinking blocks cannot carry a marker; every block type we send can.
    if (tail) blocks[blocks.length - 1] = { ...tail, cache_control: EPHEMERAL } as BlockParam;
  }
  return {
    model,
    max_tokens: req.maxTokens ?? 4096,
    system,
    messages,
    tools: req.tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.inputSchema as Anthropic.Tool.InputSchema })),
  };
}

const STOP_REASONS: ReadonlySet<string> = new Set(['end_turn', 'tool_use', 'max_tokens', 'stop_sequence']);

/** Keeps text and tool_use blocks; anything else the API may add is not for the agents. */
export function fromMessage(message: Anthropic.Message): { content: AssistantPart[]; stopReason: StopReason; usage: Usage } {
  const content: AssistantPart[] = [];
  for (const block of message.content ?? []) {
    if (block.type === 'text') content.push({ type: 'text', text: block.text });
    else if (block.type === 'tool_use') content.push({ type: 'tool_use', id: block.id, name: block.name, input: block.input });
  }
  const reason = message.stop_reason ?? 'end_turn';
  const u = message.usage;
  return {
    content,
    stopReason: (STOP_REASONS.has(reason) ? reason : 'other') as StopReason,
    usage: {
      inputTokens: u?.input_tokens ?? 0,
      outputTokens: u?.output_tokens ?? 0,
      cacheReadTokens: u?.cache_read_input_tokens ?? 0,
      cacheWriteTokens: u?.cache_creation_input_tokens ?? 0,
    },
  };
}
