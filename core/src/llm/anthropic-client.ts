import type Anthropic from '@anthropic-ai/sdk';
import { fromMessage, toCreateParams } from './anthropic-wire.js';
import type { CallBudget } from './call-budget.js';
import { fromSdkError, type ModelError } from './model-error.js';
import { withRetries, type RetryOptions } from './retry.js';
import type { ModelClient } from './types.js';

export interface AnthropicOptions {
  apiKey: string;
  baseURL?: string;
  /** Retries per call with backoff (429, 5xx, connection faults, timeouts); the queue retries beyond these. */
  maxRetries?: number;
  retryBaseDelayMs?: number;
  onRetry?: RetryOptions['onRetry'];
  /** Per request; a timed-out request is retried like a connection fault. */
  timeoutMs?: number;
}

export interface AnthropicProvider {
  /** One client per model (and budget); they share the SDK instance and its connection pool. */
  model(name: string, opts?: { budget?: CallBudget }): ModelClient;
}

interface Sdk {
  client: Anthropic;
  toError: (err: unknown) => ModelError;
}

/**
 * The SDK is loaded by the first call, not at start: a service whose agents are idle, or run on
 * another provider, does not carry its code (~13 MB resident).
 */
async function loadSdk(opts: AnthropicOptions): Promise<Sdk> {
  const { default: Client, APIConnectionError, APIError, APIUserAbortError } = await import('@anthropic-ai/sdk');
  const client = new Client({
    apiKey: opts.apiKey,
    ...(opts.baseURL ? { baseURL: opts.baseURL } : {}),
    // Retries happen in withRetries, where each one is counted against the budget and logged.
    maxRetries: 0,
    timeout: opts.timeoutMs ?? 120_000,
  });
  return { client, toError: (err) => fromSdkError(err, { APIConnectionError, APIUserAbortError, APIError }) };
}

export function createAnthropicProvider(opts: AnthropicOptions): AnthropicProvider {
  let loading: Promise<Sdk> | undefined;
  const sdk = () => (loading ??= loadSdk(opts));
  return {
    model(name, { budget } = {}) {
      const raw: ModelClient = {
        model: name,
        async complete(request) {
          const { client, toError } = await sdk();
          budget?.take();
          try {
            // Non-streaming: agents need whole tool calls, and the per-request timeout bounds the wait.
            return fromMessage(await client.messages.create(toCreateParams(name, request), request.signal ? { signal: request.signal } : {}));
          } catch (err) {
            throw toError(err);
          }
        },
      };
      return withRetries(raw, {
        retries: opts.maxRetries ?? 2,
        ...(opts.retryBaseDelayMs !== undefined ? { baseDelayMs: opts.retryBaseDelayMs } : {}),
        ...(opts.onRetry ? { onRetry: opts.onRetry } : {}),
      });
    },
  };
}
