/**
 * Model providers behind one interface: `anthropic` (Messages API) and `openai` (any
 * OpenAI-compatible Chat Completions server: OpenAI, Ollama, llama.cpp, LM Studio, vLLM, routers).
 * Without a provider the agents use their deterministic offline runner instead (agents/offline).
 * Both providers retry through one layer (retry.ts) and count every request against a budget.
 */
export type {
  AssistantPart,
  ChatMessage,
  ImageMediaType,
  ImagePart,
  ModelClient,
  ModelRequest,
  RetryNotice,
  ModelResponse,
  StopReason,
  TextPart,
  ToolResultPart,
  ToolSpec,
  ToolUsePart,
  Usage,
  UserPart,
} from './types.js';
export { addUsage, emptyUsage } from './types.js';
export { ModelError, isModelError, type ModelErrorKind } from './model-error.js';
export { createCallBudget, type CallBudget } from './call-budget.js';
export { type RetryOptions } from './retry.js';
export { createAnthropicProvider, type AnthropicOptions, type AnthropicProvider } from './anthropic-client.js';
export { createOpenAIProvider, type OpenAIOptions, type OpenAIProvider } from './openai-client.js';
export { PROBE_TOOL } from './openai-probe.js';
export { createProviderStatus, OFFLINE_PROVIDER, type ProviderInfo, type ProviderStatus, type ToolSupport } from './provider-info.js';
