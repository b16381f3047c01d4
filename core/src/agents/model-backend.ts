import { createAnthropicProvider, createOpenAIProvider, createProviderStatus, type CallBudget, type ModelClient, type ProviderStatus, type RetryOptions } from '../llm/index.js';
import type { ProviderConfig } from '../config/index.js';
import { MODEL_CALL_RETRIES } from './limits.js';
import type { AgentsDeps } from './types.js';

/** The configured provider, as the agents use it: a client per run (with its budget) and its status. */
export interface ModelBackend {
  status: ProviderStatus;
  model(name: string, budget: CallBudget): ModelClient;
  names: { model: string; searchModel: string };
}

/** Undefined when no provider is configured: the agents run offline. */
export function createModelBackend(deps: AgentsDeps): ModelBackend | undefined {
  const { log } = deps;
  let status: ProviderStatus | undefined;
  // Every retry is logged and shown in /health until the call ends.
  const onRetry: RetryOptions['onRetry'] = ({ model, retry, delayMs, error }) => {
    log.warn({ model, retry, delayMs, status: error.status, err: error.message }, 'model call failed; retrying');
    status?.retrying(`${error.message}; retry ${retry} of ${MODEL_CALL_RETRIES} in ${Math.round(delayMs / 100) / 10} s`);
  };
  const retry = (maxRetries: number | undefined) => ({
    maxRetries: maxRetries ?? MODEL_CALL_RETRIES,
    onRetry,
    ...(deps.retryBaseDelayMs !== undefined ? { retryBaseDelayMs: deps.retryBaseDelayMs } : {}),
  });

  if (deps.openai) {
    const { baseURL, apiKey, model, searchModel, stream, timeoutMs, maxRetries } = deps.openai;
    const provider = createOpenAIProvider({ baseURL, ...(apiKey ? { apiKey } : {}), ...(timeoutMs ? { timeoutMs } : {}), stream: stream ?? true, ...retry(maxRetries) });
    const current = createProviderStatus({ name: 'openai', model, searchModel, baseURL }, 'unknown');
    status = current;
    if (deps.probe !== false) {
      // In the background: the service starts at once, /health says "unknown" until the answer.
      void Promise.all([...new Set([model, searchModel])].map((name) => provider.probe(name))).then((found) => {
        const problems = found.map((f) => f.problem).filter(Boolean);
        const tools = found.some((f) => f.tools === 'unsupported') ? 'unsupported' : found.every((f) => f.tools === 'supported') ? 'supported' : 'unknown';
        current.probed({ tools, ...(problems.length ? { problem: problems.join(' · ') } : {}) });
        if (problems.length) log.warn({ baseURL, model, searchModel, tools, problem: problems.join(' · ') }, 'model check at start found a problem');
        else log.info({ baseURL, model, searchModel }, 'model check at start: tool calling works');
      });
    }
    return { status: current, names: { model, searchModel }, model: (name, budget) => current.observe(provider.model(name, { budget })) };
  }
  if (deps.anthropic?.apiKey) {
    const { apiKey, baseURL, model, searchModel, timeoutMs, maxRetries } = deps.anthropic;
    const provider = createAnthropicProvider({ apiKey, ...(baseURL ? { baseURL } : {}), ...(timeoutMs ? { timeoutMs } : {}), ...retry(maxRetries) });
    const current = createProviderStatus({ name: 'anthropic', model, searchModel, ...(baseURL ? { baseURL } : {}) }, 'supported');
    status = current;
    return { status: current, names: { model, searchModel }, model: (name, budget) => current.observe(provider.model(name, { budget })) };
  }
  return undefined;
}

/** The agents' model settings from the configured provider (offline: none). */
export function modelDeps(provider: ProviderConfig): Pick<AgentsDeps, 'anthropic' | 'openai'> {
  if (provider.name === 'anthropic') {
    const { name: _name, ...anthropic } = provider;
    return { anthropic };
  }
  if (provider.name === 'openai') {
    const { name: _name, ...openai } = provider;
    return { openai };
  }
  return {};
}
