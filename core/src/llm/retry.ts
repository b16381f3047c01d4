import { setTimeout as delay } from 'node:timers/promises';
import { isModelError, ModelError } from './model-error.js';
import type { ModelClient } from './types.js';

export interface RetryOptions {
  /** Requests after the first one, for retryable faults only (429, 5xx, timeouts, network). */
  retries: number;
  /** Backoff before retry n is baseDelayMs * 4^(n-1), unless the server said when (Retry-After). */
  baseDelayMs?: number;
  /** No wait is longer, whatever Retry-After asks: the queue's own backoff takes over beyond. */
  maxDelayMs?: number;
  onRetry?: (info: { model: string; retry: number; delayMs: number; error: ModelError }) => void;
}

const DEFAULT_RETRY_BASE_MS = 1_000;
const DEFAULT_RETRY_MAX_MS = 30_000;

/**
 * Transport retries, one layer for every provider (the SDKs' own retries are off): each retry is
 * a new request the provider counts against the call budget, and each one is reported.
 */
export function withRetries(client: ModelClient, opts: RetryOptions): ModelClient {
  const base = opts.baseDelayMs ?? DEFAULT_RETRY_BASE_MS;
  const max = opts.maxDelayMs ?? DEFAULT_RETRY_MAX_MS;
  return {
    model: client.model,
    async complete(request) {
      for (let retry = 1; ; retry++) {
        try {
          return await client.complete(request);
        } catch (err) {
          // A run the person stopped is not retried, whatever the fault looked like.
          if (!isModelError(err) || !err.retryable || retry > opts.retries || request.signal?.aborted) throw err;
          const delayMs = Math.min(max, err.retryAfterMs ?? base * 4 ** (retry - 1));
          opts.onRetry?.({ model: client.model, retry, delayMs, error: err });
          request.onRetry?.({ retry, of: opts.retries, delayMs, error: err.message });
          await delay(delayMs, undefined, request.signal ? { signal: request.signal } : {}).catch(() => {
            throw new ModelError('model request stopped', { retryable: false });
          });
        }
      }
    },
  };
}
