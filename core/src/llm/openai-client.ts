import type OpenAI from 'openai';
import type { CallBudget } from './call-budget.js';
import { fromSdkError, ModelError } from './model-error.js';
import { adaptToRefusal, isToolsUnsupported, toolsUnsupportedError } from './openai-compat.js';
import { probeTools, type ProbeResult } from './openai-probe.js';
import { collectStream } from './openai-stream.js';
import { fromRawTurn, rawFromCompletion, toChatParams, type ChatParams, type Compat, type RawTurn } from './openai-wire.js';
import { withRetries, type RetryOptions } from './retry.js';
import type { ModelClient, ModelRequest, ModelResponse } from './types.js';

export interface OpenAIOptions {
  /** The server's API root, e.g. http://127.0.0.1:11434/v1 (Ollama). */
  baseURL: string;
  /** Local servers need none; a placeholder is sent so that the client never reads the environment. */
  apiKey?: string;
  /** Plain answers: the whole request. Streamed answers: until the first byte, then between chunks. */
  timeoutMs?: number;
  /** Stream answers (SSE): a slow local model may take minutes, as long as tokens keep coming. */
  stream?: boolean;
  maxRetries?: number;
  retryBaseDelayMs?: number;
  onRetry?: RetryOptions['onRetry'];
}

export interface OpenAIProvider {
  model(name: string, opts?: { budget?: CallBudget }): ModelClient;
  /** One tiny request with a tool: does the server let this model call tools? */
  probe(model: string): Promise<ProbeResult>;
}

interface Sdk {
  client: OpenAI;
  toError: (err: unknown) => ModelError;
}

/**
 * The SDK is loaded by the first call, not at start: a service whose agents are idle, or run on
 * another provider, does not carry its code (~9 MB resident).
 */
async function loadSdk(opts: OpenAIOptions, timeoutMs: number): Promise<Sdk> {
  const { default: Client, APIConnectionError, APIError, APIUserAbortError } = await import('openai');
  const client = new Client({
    apiKey: opts.apiKey ?? 'none',
    baseURL: opts.baseURL,
    // Explicit, so the client never picks these up from the environment.
    organization: null,
    project: null,
    // Retries happen in withRetries, where each one is counted against the budget and logged.
    maxRetries: 0,
    timeout: timeoutMs,
  });
  return { client, toError: (err) => fromSdkError(err, { APIConnectionError, APIUserAbortError, APIError }) };
}

export function createOpenAIProvider(opts: OpenAIOptions): OpenAIProvider {
  const timeoutMs = opts.timeoutMs ?? 300_000;
  let loading: Promise<Sdk> | undefined;
  const sdk = () => (loading ??= loadSdk(opts, timeoutMs));
  // Ids for tool calls a server sent without one, unique within this provider.
  let calls = 0;
  const newCallId = () => `call_knower_${(++calls).toString(36)}`;
  // What each model turned out to accept; shared by every client of that model.
  const compats = new Map<string, Compat>();
  const compatOf = (model: string): Compat => {
    let compat = compats.get(model);
    if (!compat) compats.set(model, (compat = { images: true, maxTokensField: 'max_tokens', streamUsage: true }));
    return compat;
  };

  async function streamed(client: OpenAI, params: ChatParams, compat: Compat, stop: AbortSignal | undefined): Promise<RawTurn> {
    const abort = new AbortController();
    const onStop = () => abort.abort();
    stop?.addEventListener('abort', onStop, { once: true });
    let timer: NodeJS.Timeout | undefined;
    let stalled = false;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        stalled = true;
        abort.abort();
      }, timeoutMs);
    };
    try {
      const stream = await client.chat.completions.create({ ...params, stream: true, ...(compat.streamUsage ? { stream_options: { include_usage: true } } : {}) }, { signal: abort.signal });
      arm();
      const turn = await collectStream(stream, arm);
      // An abort can end the iteration quietly instead of throwing: either way it was a stall.
      if (stalled) throw new Error('stalled');
      if (turn.finishReason === null && !turn.content && turn.toolCalls.length === 0) {
        throw new ModelError('the model stream ended before any answer', { retryable: true });
      }
      return turn;
    } catch (err) {
      if (stalled) {
        const wait = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`;
        throw new ModelError(`model stream stalled: no data for ${wait} (KNOWER_MODEL_TIMEOUT_S)`, { retryable: true, cause: err });
      }
      throw err;
    } finally {
      clearTimeout(timer);
      stop?.removeEventListener('abort', onStop);
    }
  }

  async function once(name: string, request: ModelRequest, budget: CallBudget | undefined): Promise<ModelResponse> {
    const compat = compatOf(name);
    const { client, toError } = await sdk();
    for (;;) {
      const params = toChatParams(name, request, compat);
      budget?.take();
      try {
        const raw = opts.stream
          ? await streamed(client, params, compat, request.signal)
          : rawFromCompletion(await client.chat.completions.create(params, request.signal ? { signal: request.signal } : {}));
        if (!raw) throw new ModelError('the model server answered without a choice', { retryable: true });
        return fromRawTurn(
          raw,
          request.tools.map((t) => t.name),
          newCallId,
        );
      } catch (err) {
        const error = toError(err);
        if (isToolsUnsupported(error)) throw toolsUnsupportedError(error, name);
        // Each adaptation happens once per model, so this loop ends.
        if (adaptToRefusal(error, compat, params)) continue;
        throw error;
      }
    }
  }

  return {
    model(name, { budget } = {}) {
      const raw: ModelClient = { model: name, complete: (request) => once(name, request, budget) };
      return withRetries(raw, {
        retries: opts.maxRetries ?? 2,
        ...(opts.retryBaseDelayMs !== undefined ? { baseDelayMs: opts.retryBaseDelayMs } : {}),
        ...(opts.onRetry ? { onRetry: opts.onRetry } : {}),
      });
    },
    async probe(model) {
      const { client, toError } = await sdk();
      return probeTools(client, model, compatOf(model), toError);
    },
  };
}
