/**
 * Model providers behind one interface: `anthropic` (Messages API) and `openai` (any
 * OpenAI-compatible Chat Completions server: OpenAI, Ollama, llama.cpp, LM Studio, vLLM, routers).
 * Without a provider the agents use their deterministic offline runner instead (agents/offline).
 * Both providers retry through one layer (retry.ts) and count every request against a budget.
 */
export type { ChatMessage, ImageMediaType, ModelClient, ModelRequest, RetryNotice, ToolResultPart, ToolSpec, ToolUsePart, Usage, UserPart } from './types.js';
export { addUsage, emptyUsage } from './types.js';
export { ModelError, isModelError } from './model-error.js';
export { createCallBudget, type CallBudget } from './call-budget.js';
export { type RetryOptions } from './retry.js';
export { createAnthropicProvider } from './anthropic-client.js';
export { createOpenAIProvider, type OpenAIOptions } from './openai-client.js';
export { PROBE_TOOL } from './openai-probe.js';
export { createProviderStatus, OFFLINE_PROVIDER, type ProviderInfo, type ProviderStatus } from './provider-info.js';
