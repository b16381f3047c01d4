import {
  APIConnectionError,
  APIError,
  APIUserAbortError,
} from '@anthropic-ai/sdk';

/**
 * A model call that failed after the SDK's own retries. `retryable` tells the queue whether a
 * later attempt can succeed (rate limits, overload, server faults, network, timeouts) or not
 * (bad request, bad key, no permission): those would fail the same way every time.
 */
export class ModelError extends Error {
  override name = 'ModelError';
  readonly retryable: boolean;
  readonly status?: number;

  constructor(message: string, opts: { retryable: boolean; status?: number; cause?: unknown }) {
    super(message, { cause: opts.cause });
    this.retryable = opts.retryable;
    if (opts.status !== undefined) this.status = opts.status;
  }
}

/** 408 (timeout), 409 (lock), 429 (rate limit) and every 5xx (incl. 529 overloaded) pass with time. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** Maps whatever the SDK threw to a ModelError. */
export function toModelError(err: unknown): ModelError {
  if (err instanceof ModelError) return err;
  // Connection errors (incl. APIConnectionTimeoutError) have no status: the network, not the request.
  if (err instanceof APIConnectionError) {
    return new ModelError(`model unreachable: ${err.message}`, { retryable: true, cause: err });
  }
  if (err instanceof APIUserAbortError) {
    return new ModelError('model request aborted', { retryable: false, cause: err });
  }
  if (err instanceof APIError && typeof err.status === 'number') {
    return new ModelError(`model error ${err.message}`, { retryable: isRetryableStatus(err.status), status: err.status, cause: err });
  }
  const message = err instanceof Error ? err.message : String(err);
  return new ModelError(`model call failed: ${message}`, { retryable: false, cause: err });
}

/** Type guard for callers that only decide on `retryable` (the queue). */
export function isModelError(err: unknown): err is ModelError {
  return err instanceof ModelError;
}
