/**
 * Model providers behind one interface. `anthropic` is the real model path; without an API key
 * the agents use their deterministic offline runner instead (agents/offline), so `providerInfo`
 * is the one place that decides which provider /health names.
 */
export type {
  AssistantPart,
  ChatMessage,
  ImageMediaType,
  ImagePart,
  ModelClient,
  ModelRequest,
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
export { ModelError, isModelError, toModelError, isRetryableStatus } from './model-error.js';
export { createAnthropicProvider, type AnthropicOptions, type AnthropicProvider } from './anthropic-client.js';
export { providerInfo, type ProviderInfo } from './provider-info.js';
