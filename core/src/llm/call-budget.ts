import { ModelError } from './model-error.js';

/**
 * A cap on the HTTP requests made to the model for one piece of work (an update, across every
 * retry and re-run; a question). Providers take one unit before each request, retries included,
 * so the cap holds whatever fails and however often.
 */
export interface CallBudget {
  readonly limit: number;
  readonly used: number;
  /** Takes one call, or throws a non-retryable ModelError once the budget is spent. */
  take(): void;
}

export function createCallBudget(limit: number): CallBudget {
  let used = 0;
  return {
    limit,
    get used() {
      return used;
    },
    take() {
      if (used >= limit) {
        throw new ModelError(`stopped after ${limit} model calls, the most one piece of work may make (retries included)`, { retryable: false, kind: 'call-budget' });
      }
      used++;
    },
  };
}
