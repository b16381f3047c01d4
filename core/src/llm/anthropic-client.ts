import Anthropic from '@anthropic-ai/sdk';
import { fromMessage, toCreateParams } from './anthropic-wire.js';
import { toModelError } from './model-error.js';
import type { ModelClient, ModelRequest, ModelResponse } from './types.js';

export interface AnthropicOptions {
  apiKey: string;
  baseURL?: string;
  /** SDK retries with backoff (429, 5xx, connection faults); the queue retries beyond these. */
  maxRetries?: number;
  /** Per request; a timed-out request is retried by the SDK like a connection fault. */
  timeoutMs?: number;
}

export interface AnthropicProvider {
  /** One client per model; they share the SDK instance (and its connection pool). */
  model(name: string): ModelClient;
}

export function createAnthropicProvider(opts: AnthropicOptions): AnthropicProvider {
  const sdk = new Anthropic({
    apiKey: opts.apiKey,
    ...(opts.baseURL ? { baseURL: opts.baseURL } : {}),
    maxRetries: opts.maxRetries ?? 3,
    timeout: opts.timeoutMs ?? 120_000,
  });
  return {
    model(name: string): ModelClient {
      return {
        model: name,
        async complete(request: ModelRequest): Promise<ModelResponse> {
          try {
            // Non-streaming: agents need whole tool calls, and the per-request timeout bounds the wait.
            const message = await sdk.messages.create(toCreateParams(name, request));
            return fromMessage(message);
          } catch (err) {
            throw toModelError(err);
          }
        },
      };
    },
  };
}
