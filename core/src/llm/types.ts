/**
 * The model interface the agents talk to. It is provider-neutral on purpose: the agent loop
 * and the tools never see SDK types, so a provider is one adapter file.
 */
export type ImageMediaType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

export type TextPart = { type: 'text'; text: string };
export type ImagePart = { type: 'image'; mediaType: ImageMediaType; data: string /* base64 */ };
/** `inputError`: the provider could not read the call's arguments (broken JSON); the loop answers with it. */
export type ToolUsePart = { type: 'tool_use'; id: string; name: string; input: unknown; inputError?: string };
export type ToolResultPart = { type: 'tool_result'; toolUseId: string; content: string; isError?: boolean };

export type UserPart = TextPart | ImagePart | ToolResultPart;
export type AssistantPart = TextPart | ToolUsePart;

export type ChatMessage = { role: 'user'; content: UserPart[] } | { role: 'assistant'; content: AssistantPart[] };

/** What the model sees of a tool: JSON Schema input and a description. */
export interface ToolSpec {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

export interface ModelRequest {
  /** Instructions that never change between runs (cached across runs). */
  system: string;
  /** Bootstrap vault context: stable for the whole run (cached within it). */
  context?: string;
  messages: ChatMessage[];
  tools: ToolSpec[];
  maxTokens?: number;
  /** Aborts the request (and any retry wait) when the person stops the run. */
  signal?: AbortSignal;
  /** Told before each transport retry: the run shows the person that it waits, and why. */
  onRetry?: (info: RetryNotice) => void;
}

/** A model call that failed and will be tried again after `delayMs`. */
export interface RetryNotice {
  retry: number;
  of: number;
  delayMs: number;
  error: string;
}

export interface Usage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

export type StopReason = 'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence' | 'other';

export interface ModelResponse {
  content: AssistantPart[];
  stopReason: StopReason;
  usage: Usage;
}

/** One configured model. Throws ModelError on provider faults; never anything else. */
export interface ModelClient {
  readonly model: string;
  complete(request: ModelRequest): Promise<ModelResponse>;
}

export const emptyUsage = (): Usage => ({ inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 });

export function addUsage(total: Usage, more: Usage): Usage {
  return {
    inputTokens: total.inputTokens + more.inputTokens,
    outputTokens: total.outputTokens + more.outputTokens,
    cacheReadTokens: total.cacheReadTokens + more.cacheReadTokens,
    cacheWriteTokens: total.cacheWriteTokens + more.cacheWriteTokens,
  };
}
